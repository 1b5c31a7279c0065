"""Retries: a 429 waited out, an idempotent create retried after a lost answer, a refused
connection, and the kill switch (a 503 that is not retried)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from evid_client import Client, ConflictError, ConnectionError, KillSwitchError, RateLimitError
from support import ADMIN_KEY, Recorder, Server, start_server, trace_body


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Server]:
    """A server allowing two requests per five seconds per key."""
    running = start_server(tmp_path, {"EVID_RATE_LIMIT": "2/5s"})
    yield running
    running.stop()


def test_rate_limited_calls_are_retried_until_they_pass(limited: Server) -> None:
    recorder = Recorder()
    http = httpx.Client(event_hooks={"response": [recorder]})
    with Client(limited.url, ADMIN_KEY, http_client=http, max_retries=5) as client:
        for _ in range(4):
            assert "traces" in client.traces.list(limit=1)
    http.close()
    statuses = recorder.statuses("GET", "/api/v1/traces")
    assert 429 in statuses
    assert statuses.count(200) == 4


def test_rate_limit_error_once_retries_are_spent(limited: Server) -> None:
    with Client(limited.url, ADMIN_KEY) as client:
        impatient = client.with_options(max_retries=0)  # per call: no retry
        with pytest.raises(RateLimitError) as caught:
            for _ in range(10):
                impatient.traces.list(limit=1)
    assert caught.value.status == 429
    assert caught.value.request_id
    assert caught.value.retry_after is not None and 0 <= caught.value.retry_after <= 5


class DropFirstAnswer(BaseHTTPRequestHandler):
    """A proxy that forwards every request to the real server, but hangs up instead of
    answering the first trace creation: the trace is stored, the client never hears so."""

    upstream = ""
    dropped = False
    keys: list[str] = []

    def log_message(self, format: str, *args: object) -> None:
        pass

    def forward(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else None
        skip = ("host", "content-length")
        headers = {k: v for k, v in self.headers.items() if k.lower() not in skip}
        url = self.upstream + self.path
        answer = httpx.request(self.command, url, content=body, headers=headers)
        if self.command == "POST" and self.path == "/api/v1/traces":
            DropFirstAnswer.keys.append(self.headers.get("idempotency-key", ""))
            if not DropFirstAnswer.dropped:
                DropFirstAnswer.dropped = True
                self.close_connection = True
                return
        self.send_response(answer.status_code)
        for name, value in answer.headers.items():
            if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                self.send_header(name, value)
        self.send_header("content-length", str(len(answer.content)))
        self.end_headers()
        self.wfile.write(answer.content)

    do_GET = do_POST = forward


def test_a_retried_create_never_makes_two_traces(server: Server) -> None:
    DropFirstAnswer.upstream, DropFirstAnswer.dropped, DropFirstAnswer.keys = server.url, False, []
    proxy = ThreadingHTTPServer(("127.0.0.1", 0), DropFirstAnswer)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    body = trace_body("py-retried")
    try:
        with Client(f"http://127.0.0.1:{proxy.server_address[1]}", ADMIN_KEY) as client:
            created = client.traces.create(body)
    finally:
        proxy.shutdown()
        proxy.server_close()
    assert len(DropFirstAnswer.keys) == 2 and DropFirstAnswer.keys[0] == DropFirstAnswer.keys[1]
    with Client(server.url, ADMIN_KEY) as client:
        same = client.traces.list(session=body["session_id"])
        assert same["total"] == 1
        assert same["traces"][0]["trace_id"] == created["trace_id"]


def test_a_replayed_key_returns_the_first_answer_and_another_body_conflicts(
    server: Server,
) -> None:
    body = trace_body("py-keyed")
    with Client(server.url, ADMIN_KEY) as client:
        first = client.traces.create(body, idempotency_key="py-key-1")
        assert client.traces.create(body, idempotency_key="py-key-1") == first
        with pytest.raises(ConflictError) as caught:
            client.traces.create(trace_body("py-keyed"), idempotency_key="py-key-1")
    assert caught.value.status == 409
    assert caught.value.request_id


def test_unreachable_server_raises_connection_error() -> None:
    with ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler) as closed:
        port = closed.server_address[1]  # bound, then closed: nothing listens there
    with Client(f"http://127.0.0.1:{port}", ADMIN_KEY, max_retries=1) as client:
        with pytest.raises(ConnectionError) as caught:
            client.traces.list()
    assert caught.value.status is None


def test_kill_switch_raises_kill_switch_error_without_retrying(server: Server) -> None:
    recorder = Recorder()
    http = httpx.Client(event_hooks={"response": [recorder]})
    agent = "py-halted"
    with Client(server.url, ADMIN_KEY, http_client=http) as client:
        client.kill_switch.activate(reason="py test", agent=agent)
        try:
            assert client.kill_switch.status()
            with pytest.raises(KillSwitchError) as caught:
                client.traces.create(trace_body(agent))
        finally:
            client.kill_switch.deactivate(reason="py test done", agent=agent)
        assert client.traces.create(trace_body(agent))["status"] == "accepted"
    http.close()
    assert caught.value.status == 503
    assert caught.value.request_id
    assert recorder.statuses("POST", "/api/v1/traces") == [503, 201]
