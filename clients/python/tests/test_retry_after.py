"""Retry-After is read in both of its forms (delta-seconds and an HTTP date)."""

from __future__ import annotations

import email.utils
import time

import httpx

from evid_client._base_client import backoff, retry_after


def answer(value: str) -> httpx.Response:
    return httpx.Response(429, headers={"Retry-After": value})


def test_seconds_and_http_date() -> None:
    assert retry_after(answer("7")) == 7.0
    in_ten = email.utils.formatdate(time.time() + 10, usegmt=True)
    seconds = retry_after(answer(in_ten))
    assert seconds is not None and 8 <= seconds <= 10
    assert retry_after(answer("soon")) is None
    assert retry_after(httpx.Response(429)) is None


def test_backoff_honours_the_hint_and_jitters_within_the_cap() -> None:
    assert backoff(0, 1.5) == 1.5
    assert backoff(0, 3600) is None  # too long to wait: raise instead
    waits = [backoff(4, None) for _ in range(200)]
    assert all(w is not None and 0 <= w <= 8 for w in waits)
    assert len(set(waits)) > 1
