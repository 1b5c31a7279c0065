"""What the sync and async clients share: settings, the description of one call, the retry
policy and the safety-interface token. Only the sending differs between the two clients."""

from __future__ import annotations

import email.utils
import os
import random
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Generic, Literal, TypeVar

import httpx

from ._errors import ConnectionError, EvidError, RateLimitError, error_from_response, is_kill_switch
from ._version import __version__

T = TypeVar("T")

#: Statuses worth another attempt: rate limited, or the server (or a proxy) briefly away.
RETRY_STATUSES = frozenset({429, 502, 503, 504})
#: Methods that may be sent twice; a POST/PATCH only when it carries an Idempotency-Key.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})
BACKOFF_BASE = 0.5
BACKOFF_CAP = 8.0
#: A Retry-After longer than this is not waited for: the error is raised at once.
MAX_RETRY_AFTER = 60.0
#: A token is renewed this long before its expires_at.
TOKEN_MARGIN = 30.0

Params = Mapping[str, Any]


@dataclass(frozen=True)
class Call(Generic[T]):
    """One request; ``T`` is the type of its decoded answer (the body is a plain dict)."""

    method: str
    path: str
    params: Params | None = None
    json: Any = None
    headers: Mapping[str, str] = field(default_factory=dict)
    #: POSTs and PATCHes are retried only when idempotent (they carry an Idempotency-Key).
    retryable: bool = False
    #: "token": a safety-interface route, sent with the exchanged token when a secret is set.
    auth: Literal["key", "token"] = "key"
    #: The answer is a download (bytes), not JSON.
    raw: bool = False

    @property
    def may_retry(self) -> bool:
        return self.method in SAFE_METHODS or self.retryable


def write(method: str, path: str, body: Any, idempotency_key: str | None) -> Call[Any]:
    """A POST/PUT/PATCH sent with an Idempotency-Key (made here when not given), so that a
    retry after a lost answer replays the first answer instead of writing twice."""
    key = idempotency_key or str(uuid.uuid4())
    return Call(method, path, json=body, headers={"Idempotency-Key": key}, retryable=True)


def query(**params: Any) -> dict[str, Any]:
    """Query parameters without the ones left out (None); booleans as the server reads them."""
    out: dict[str, Any] = {}
    for name, value in params.items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        out[name] = value
    return out


def settings(
    base_url: str | None, api_key: str | None, api_secret: str | None
) -> tuple[str, str | None, str | None]:
    url = base_url or os.environ.get("EVID_BASE_URL")
    if not url:
        raise EvidError("no server address: pass base_url or set EVID_BASE_URL")
    return (
        url.rstrip("/"),
        api_key if api_key is not None else os.environ.get("EVID_API_KEY"),
        api_secret if api_secret is not None else os.environ.get("EVID_API_SECRET"),
    )


def user_agent() -> str:
    return f"evid-client-python/{__version__}"


def retry_after(response: httpx.Response) -> float | None:
    """Retry-After as seconds from now: delta-seconds or an HTTP date."""
    value = response.headers.get("retry-after")
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when: datetime = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    seconds: float = (when - datetime.now(timezone.utc)).total_seconds()
    return max(0.0, seconds)


def backoff(attempt: int, hint: float | None) -> float | None:
    """Seconds to wait before retry number ``attempt`` (0-based): the server's Retry-After
    when it gave one (None when that is too long to wait), else exponential backoff with full
    jitter (a random wait between 0 and base * 2^attempt, capped)."""
    if hint is not None:
        return hint if hint <= MAX_RETRY_AFTER else None
    return random.uniform(0, min(BACKOFF_CAP, BACKOFF_BASE * 2**attempt))


@dataclass
class Token:
    """The safety interface's access token (POST /v1/auth/token)."""

    value: str
    expires_at: float

    @classmethod
    def from_answer(cls, body: Mapping[str, Any]) -> Token:
        expires = str(body.get("expires_at", ""))
        try:
            at = datetime.fromisoformat(expires.replace("Z", "+00:00")).timestamp()
        except ValueError:
            at = time.time() + 300  # no usable expiry: renew soon rather than never
        return cls(str(body["token"]), at)

    def fresh(self) -> bool:
        return time.time() < self.expires_at - TOKEN_MARGIN


def retry_wait(call: Call[Any], response: httpx.Response, attempt: int, max_retries: int) -> float | None:
    """Seconds to wait before sending ``call`` again after ``response``, or None to stop."""
    if response.status_code not in RETRY_STATUSES or attempt >= max_retries or not call.may_retry:
        return None
    # The kill switch is an operator's decision, not a passing overload: no retry outlasts it.
    if is_kill_switch(response):
        return None
    return backoff(attempt, retry_after(response))


def decode(call: Call[T], response: httpx.Response) -> T:
    """The answer's body (a plain dict, or bytes for a download), or the matching error."""
    if response.status_code >= 400:
        error = error_from_response(response)
        if isinstance(error, RateLimitError):
            error.retry_after = retry_after(response)
        raise error
    if call.raw:
        return response.content  # type: ignore[return-value]
    if not response.content:
        return {}  # type: ignore[return-value]
    return response.json()  # type: ignore[no-any-return]


def connection_error(call: Call[Any], err: httpx.TransportError) -> ConnectionError:
    kind = "timed out" if isinstance(err, httpx.TimeoutException) else "failed"
    return ConnectionError(f"{call.method} {call.path} {kind}: {err}")


def auth_header(secret: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"} if secret else {}
