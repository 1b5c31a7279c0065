"""The client's side of seed 000's token contract and execution polling, against a stand-in
that speaks the seed's wire format (POST/DELETE /v1/auth/token, bearer-only /v1 routes,
the documented error body). The real routes are exercised by test_safety.py and
test_execution.py once the server has them; this pins the client's own logic meanwhile."""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from evid_client import AsyncClient, AuthenticationError, Client

KEY, SECRET = "evk_standin", "s3cret"


class StandIn:
    def __init__(self) -> None:
        self.tokens: dict[str, datetime] = {}
        self.exchanges = 0
        self.seen: list[tuple[str, str, str]] = []  # method, path, bearer
        self.lifetime = timedelta(hours=1)
        self.polls = 0


def handler(state: StandIn) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def reply(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def refuse(self, status: int, details: str) -> None:
            error = {"code": status, "message": "Unauthorized", "details": details}
            self.reply(status, {"error": {**error, "request_id": f"req_{uuid.uuid4().hex}"}})

        def body(self) -> dict[str, Any]:
            length = int(self.headers.get("content-length") or 0)
            parsed: dict[str, Any] = json.loads(self.rfile.read(length)) if length else {}
            return parsed

        def bearer_ok(self) -> bool:
            bearer = self.headers.get("authorization", "").removeprefix("Bearer ")
            self.seen.append((self.command, self.path.split("?")[0], bearer))
            expires = state.tokens.get(bearer)
            return expires is not None and expires > datetime.now(timezone.utc)

        @property
        def seen(self) -> list[tuple[str, str, str]]:
            return state.seen

        def do_POST(self) -> None:
            body = self.body()
            if self.path == "/v1/auth/token":
                if body != {"api_key": KEY, "api_secret": SECRET}:
                    return self.refuse(401, "api_key or api_secret is wrong")
                state.exchanges += 1
                token = f"tok_{uuid.uuid4().hex}"
                expires = datetime.now(timezone.utc) + state.lifetime
                state.tokens[token] = expires
                return self.reply(201, {"token": token, "expires_at": expires.isoformat()})
            if not self.bearer_ok():
                return self.refuse(401, "token missing, expired or revoked")
            if self.path == "/v1/analysis/safety/text":
                return self.reply(200, {"scores": {"pii": 0.9}, "concerns": ["pii"]})
            if self.path == "/v1/execute":
                return self.reply(200, {"execution_id": "ex_1", "status": "queued"})
            self.refuse(404, "no such route")

        def do_GET(self) -> None:
            if not self.bearer_ok():
                return self.refuse(401, "token missing, expired or revoked")
            if self.path == "/v1/executions/ex_1":
                state.polls += 1
                status = "running" if state.polls < 3 else "succeeded"
                return self.reply(200, {"execution_id": "ex_1", "status": status})
            self.refuse(404, "no such route")

        def do_DELETE(self) -> None:
            body = self.body()
            if not self.bearer_ok():
                return self.refuse(401, "token missing, expired or revoked")
            state.tokens.pop(str(body.get("token")), None)
            self.reply(200, {"revoked": True})

    return Handler


@pytest.fixture
def standin() -> Iterator[tuple[str, StandIn]]:
    state = StandIn()
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler(state))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", state
    server.shutdown()
    server.server_close()


def bearers(state: StandIn, path: str) -> list[str]:
    return [b for m, p, b in state.seen if p == path]


def test_exchanges_once_then_sends_the_token(standin: tuple[str, StandIn]) -> None:
    url, state = standin
    with Client(url, KEY, api_secret=SECRET) as client:
        client.safety.analysis.text("one")
        client.safety.analysis.text("two")
    assert state.exchanges == 1
    sent = bearers(state, "/v1/analysis/safety/text")
    assert len(sent) == 2 and sent[0] == sent[1] and sent[0] in state.tokens


def test_a_revoked_token_is_exchanged_again_once(standin: tuple[str, StandIn]) -> None:
    url, state = standin
    with Client(url, KEY, api_secret=SECRET) as client:
        client.safety.analysis.text("one")
        state.tokens.clear()  # revoked behind the client's back
        assert client.safety.analysis.text("two")["concerns"] == ["pii"]
    assert state.exchanges == 2


def test_a_token_near_its_expiry_is_renewed_before_use(standin: tuple[str, StandIn]) -> None:
    url, state = standin
    state.lifetime = timedelta(seconds=10)  # inside the client's renewal margin
    with Client(url, KEY, api_secret=SECRET) as client:
        client.safety.analysis.text("one")
        client.safety.analysis.text("two")
    assert state.exchanges == 2  # one per call (renewed), none refused
    assert all(b in state.tokens for b in bearers(state, "/v1/analysis/safety/text"))


def test_revoke_forgets_the_clients_token(standin: tuple[str, StandIn]) -> None:
    url, state = standin
    with Client(url, KEY, api_secret=SECRET) as client:
        client.safety.analysis.text("one")
        token = client._current_token()
        client.safety.auth.revoke()
        assert token not in state.tokens and client._current_token() is None
        client.safety.analysis.text("two")
    assert state.exchanges == 2


def test_wrong_secret_is_an_authentication_error(standin: tuple[str, StandIn]) -> None:
    url, _ = standin
    with Client(url, KEY, api_secret="wrong") as client, pytest.raises(AuthenticationError) as e:
        client.safety.analysis.text("one")
    assert e.value.status == 401 and e.value.request_id and "wrong" in (e.value.details or "")


async def test_async_token_and_execution_wait(standin: tuple[str, StandIn]) -> None:
    url, state = standin
    async with AsyncClient(url, KEY, api_secret=SECRET) as client:
        await client.safety.analysis.text("one")
        # Every route takes the token, the execution interface's too.
        started = await client.execute(workflow="triage", input={"q": "hi"})
        assert started["status"] == "queued"
        done = await client.executions.wait("ex_1", poll_interval=0.01, timeout=30)
    assert done["status"] == "succeeded" and state.polls == 3
    assert state.exchanges == 1
    token = bearers(state, "/v1/analysis/safety/text")
    assert bearers(state, "/v1/execute") == token and token[0] in state.tokens
