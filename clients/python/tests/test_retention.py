"""Retention policy and legal holds through the client, against a real server."""

from __future__ import annotations

import uuid

import pytest

from evid_client import BadRequestError, Client, NotFoundError
from support import ADMIN_KEY, Server


def test_the_retention_window_is_set_and_read_back(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        # enforce=False: the shared test server never purges what other tests recorded.
        kept = client.retention.set(days=365, enforce=False)
        assert kept["days"] == 365 and kept["enforce"] is False
        assert kept["warning"] is None
        short = client.retention.set(days=90)
        assert short["days"] == 90 and short["enforce"] is False  # left out: kept
        warning = short["warning"]
        assert warning is not None and "EU AI Act" in warning
        status = client.retention.get()
        assert status["days"] == 90 and "legal_holds" in status

        with pytest.raises(BadRequestError) as caught:
            client.retention.set(days=3)
        assert "days" in (caught.value.details or "")
        assert client.retention.get()["days"] == 90  # unchanged


def test_a_legal_hold_is_placed_listed_and_released(server: Server) -> None:
    agent = f"py-held-{uuid.uuid4().hex[:8]}"
    with Client(server.url, ADMIN_KEY) as client:
        in_force = client.retention.get()["legal_holds"]
        hold = client.retention.holds.create(agent=agent, reason="litigation", case="C-42")
        assert hold["agent"] == agent and hold["case_ref"] == "C-42"
        assert hold["released_at"] is None
        assert hold["hold_id"] in [h["hold_id"] for h in client.retention.holds.list()["holds"]]
        assert client.retention.get()["legal_holds"] == in_force + 1

        released = client.retention.holds.release(hold["hold_id"], reason="case closed")
        assert released["released_at"] and released["release_reason"] == "case closed"
        live = [h["hold_id"] for h in client.retention.holds.list()["holds"]]
        every = [h["hold_id"] for h in client.retention.holds.list(all=True)["holds"]]
        assert hold["hold_id"] not in live and hold["hold_id"] in every
        assert client.retention.get()["legal_holds"] == in_force


def test_a_hold_needs_exactly_one_selector(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        before = client.retention.holds.list(all=True)["holds"]
        with pytest.raises(BadRequestError) as two:
            client.retention.holds.create(agent="py-a", session="py-s", reason="two")
        with pytest.raises(BadRequestError):
            client.retention.holds.create(reason="none")
        assert "selector" in (two.value.details or "")
        assert client.retention.holds.list(all=True)["holds"] == before
        with pytest.raises(NotFoundError):
            client.retention.holds.release("hold_does_not_exist", reason="x")
