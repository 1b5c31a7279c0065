"""The asynchronous client: ``Client``'s surface, every call awaitable."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

import httpx

from . import _calls as c
from . import _async_resources as r
from ._errors import EvidError
from ._base import (
    Call,
    Token,
    auth_header,
    backoff,
    connection_error,
    decode,
    retry_wait,
    settings,
    user_agent,
)

T = TypeVar("T")


class AsyncClient:
    """Async twin of ``Client`` (same arguments, resources and errors). The evid REST API: evidence (``/api/v1``), safety and execution (``/v1``).

    ``base_url`` is the server's root (``http://127.0.0.1:8080``), else ``EVID_BASE_URL``;
    ``api_key`` else ``EVID_API_KEY``; ``api_secret`` (else ``EVID_API_SECRET``) makes safety
    calls use an exchanged token. Failed calls are retried up to ``max_retries`` times on 429,
    502, 503, 504 and connection errors, with exponential backoff and full jitter, honouring
    Retry-After; writes are retried only because they carry an Idempotency-Key.
    """

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        api_secret: str | None = None,
        timeout: float = 30.0,
        max_retries: int = 3,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self.base_url, self.api_key, self._api_secret = settings(base_url, api_key, api_secret)
        self.max_retries = max_retries
        self._http = http_client or httpx.AsyncClient(timeout=timeout)
        self._owns_http = http_client is None
        self._token: Token | None = None
        self._token_lock = asyncio.Lock()
        self.traces = r.Traces(self)
        self.events = r.Events(self)
        self.findings = r.Findings(self)
        self.compliance = r.Compliance(self)
        self.packs = r.Packs(self)
        self.kill_switch = r.KillSwitch(self)
        self.policies = r.Policies(self)
        self.safety = r.Safety(self)
        self.executions = r.Executions(self)
        self.workflows = r.Workflows(self)
        self.agents = r.Agents(self)

    async def execute(
        self,
        *,
        workflow: str,
        input: Mapping[str, Any],
        agents: Sequence[str] | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """Run a workflow: execution_id, status, result and metrics."""
        return await self._send(c.execute(workflow, input, agents, idempotency_key))

    async def close(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # --- sending ---------------------------------------------------------------------------

    async def _send(self, call: Call[T]) -> T:
        response = await self._attempts(call, await self._credential(call))
        if response.status_code == 401 and call.auth == "token" and self._token is not None:
            # The token was revoked or expired early: exchange once more, then send again.
            self._forget_token(self._token.value)
            response = await self._attempts(call, await self._credential(call))
        return decode(call, response)

    async def _attempts(self, call: Call[Any], credential: str | None) -> httpx.Response:
        headers = {"User-Agent": user_agent(), **auth_header(credential), **call.headers}
        attempt = 0
        while True:
            try:
                response = await self._http.request(
                    call.method,
                    self.base_url + call.path,
                    params=call.params,
                    json=call.json,
                    headers=headers,
                )
            except httpx.TransportError as err:
                if not call.may_retry or attempt >= self.max_retries:
                    raise connection_error(call, err) from err
                await asyncio.sleep(backoff(attempt, None) or 0.0)
                attempt += 1
                continue
            wait = retry_wait(call, response, attempt, self.max_retries)
            if wait is None:
                return response
            await response.aclose()
            await asyncio.sleep(wait)
            attempt += 1

    async def _credential(self, call: Call[Any]) -> str | None:
        if call.auth != "token" or not self._api_secret or not self.api_key:
            return self.api_key
        async with self._token_lock:
            if self._token is None or not self._token.fresh():
                await self._exchange_token()
            return self._token.value if self._token else None

    async def _exchange_token(self) -> dict[str, Any]:
        if not self.api_key or not self._api_secret:
            raise EvidError("a token needs api_key and api_secret (or EVID_API_SECRET)")
        call = c.token_create(self.api_key, self._api_secret)
        answer = decode(call, await self._attempts(call, None))
        self._token = Token.from_answer(answer)
        return answer

    def _current_token(self) -> str | None:
        return self._token.value if self._token else None

    def _forget_token(self, token: str) -> None:
        if self._token is not None and self._token.value == token:
            self._token = None
