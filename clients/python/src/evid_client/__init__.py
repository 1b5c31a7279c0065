"""Python client of the evid REST API: evidence, safety and execution, sync and async.

    from evid_client import Client

    with Client("http://127.0.0.1:8080", api_key="...") as client:
        trace = client.traces.create({"session_id": "s1", "agent": "bot", "events": [...]})
        print(client.traces.get(trace["trace_id"]))
"""

from . import proof, types
from ._client import AsyncClient, Client
from ._exceptions import (
    APIStatusError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    ConnectionError,
    EvidError,
    JobCancelledError,
    JobFailedError,
    JobTimeoutError,
    KillSwitchError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
)
from ._version import __version__
from .proof import ProofError

__all__ = [
    "Client",
    "AsyncClient",
    "types",
    "proof",
    "ProofError",
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
    "JobCancelledError",
    "JobFailedError",
    "JobTimeoutError",
    "__version__",
]
