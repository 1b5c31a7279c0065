"""One exception hierarchy for every answer the server refuses, and for not reaching it.

Each error carries what the documented error body says:
``{"error": {"code", "message", "details", "request_id"}}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx

__all__ = [
    "EvidError",
    "APIStatusError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "RateLimitError",
    "KillSwitchError",
    "ServerError",
    "ConnectionError",
    "JobFailedError",
    "JobTimeoutError",
    "error_from_response",
]


class EvidError(Exception):
    """Base of every error the client raises."""

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        code: int | None = None,
        type: str | None = None,
        details: str | None = None,
        request_id: str | None = None,
        body: Any = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        #: HTTP status, or None when no answer came back.
        self.status = status
        #: ``error.code`` of the body: the HTTP status the server meant.
        self.code = code
        #: The server's stable error kind (``error.type``: validation, not_found, ...).
        self.type = type
        self.details = details
        #: Quote it to whoever runs the server; also the X-Request-Id header.
        self.request_id = request_id
        self.body = body

    def __str__(self) -> str:
        text = f"{self.status} {self.message}" if self.status else self.message
        if self.details and self.details != self.message:
            text += f": {self.details}"
        if self.request_id:
            text += f" (request_id {self.request_id})"
        return text


class APIStatusError(EvidError):
    """The server answered with an error status not covered by a subclass."""


class BadRequestError(APIStatusError):
    """400: the request broke a rule; ``details`` names the field."""


class AuthenticationError(APIStatusError):
    """401: credential missing, wrong, expired or revoked."""


class PermissionDeniedError(APIStatusError):
    """403: the credential's role lacks the permission."""


class NotFoundError(APIStatusError):
    """404: no such record."""


class ConflictError(APIStatusError):
    """409: duplicate id, or an Idempotency-Key reused with another body."""


class RateLimitError(APIStatusError):
    """429 after every retry was spent."""

    retry_after: float | None = None


class KillSwitchError(APIStatusError):
    """503 because the kill switch is active: intake is refused until an operator lifts it."""


class ServerError(APIStatusError):
    """5xx: the server failed or is unavailable."""


class ConnectionError(EvidError):  # noqa: A001 - the documented name, inside our namespace
    """The server could not be reached (refused, reset, timed out) after every retry."""


class JobFailedError(EvidError):
    """A background job (GET /api/v1/jobs/{id}) ended ``failed``. ``status``, ``code``,
    ``type`` and ``details`` are those of the job's error body, as if the run had been
    answered at once; ``job`` is the job as last read."""

    def __init__(self, job: Mapping[str, Any]) -> None:
        found = job.get("error")
        error: dict[str, Any] = found if isinstance(found, dict) else {}
        code = error.get("code")
        kind = error.get("type")
        details = error.get("details")
        super().__init__(
            f"job {job.get('id')} ({job.get('kind')}) failed: {error.get('message') or 'Error'}",
            status=code if isinstance(code, int) else None,
            code=code if isinstance(code, int) else None,
            type=str(kind) if kind is not None else None,
            details=str(details) if details is not None else None,
            body=job,
        )
        self.job = job


class JobCancelledError(JobFailedError):
    """A background job ended ``cancelled`` (``jobs.cancel``, or anyone allowed to cancel it):
    it has no result. A JobFailedError, so code that handles failed jobs handles it too;
    ``type`` is ``cancelled``."""

    def __init__(self, job: Mapping[str, Any]) -> None:
        super().__init__(job)
        self.args = (f"job {job.get('id')} ({job.get('kind')}) was cancelled",)


class JobTimeoutError(EvidError, TimeoutError):
    """``jobs.wait`` gave up: the job was still queued or running when its ``timeout`` ran
    out. The job goes on on the server; ``job`` is the job as last read (its progress)."""

    def __init__(self, job: Mapping[str, Any], timeout: float) -> None:
        progress = job.get("progress") or {}
        where = f"{progress.get('phase')} {progress.get('done')}/{progress.get('total')}"
        super().__init__(
            f"job {job.get('id')} ({job.get('kind')}) still {job.get('state')} after"
            f" {timeout:g} s ({where})",
            body=job,
        )
        self.job = job


_BY_STATUS: dict[int, type[APIStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitError,
}


def is_kill_switch(response: httpx.Response) -> bool:
    if response.status_code != 503:
        return False
    return _fields(response).get("type") == "kill_switch_active"


def _fields(response: httpx.Response) -> dict[str, Any]:
    try:
        body = response.json()
    except ValueError:
        return {}
    error = body.get("error") if isinstance(body, dict) else None
    return error if isinstance(error, dict) else {}


def error_from_response(response: httpx.Response) -> APIStatusError:
    """The exception for an error answer, filled from its documented error body."""
    status = response.status_code
    fields = _fields(response)
    if status == 503 and fields.get("type") == "kill_switch_active":
        cls: type[APIStatusError] = KillSwitchError
    elif status >= 500:
        cls = ServerError
    else:
        cls = _BY_STATUS.get(status, APIStatusError)
    message = fields.get("message") or response.reason_phrase or f"HTTP {status}"
    details = fields.get("details")
    request_id = fields.get("request_id") or response.headers.get("x-request-id")
    code = fields.get("code")
    kind = fields.get("type")
    try:
        body: Any = response.json()
    except ValueError:
        body = response.text
    return cls(
        str(message),
        status=status,
        code=code if isinstance(code, int) else status,
        type=str(kind) if kind is not None else None,
        details=str(details) if details is not None else None,
        request_id=str(request_id) if request_id is not None else None,
        body=body,
    )
