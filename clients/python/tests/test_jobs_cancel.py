"""Cancelling a job through the client against a real server: a model analysis held still
at its model (a stand-in that answers only when the test says so, so no timing decides
anything) is cancelled while running, and ``jobs.wait`` raises JobCancelledError; a
finished job's cancel is ConflictError, someone else's NotFoundError."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from evid_client import (
    AsyncClient,
    Client,
    ConflictError,
    JobCancelledError,
    JobFailedError,
    NotFoundError,
)
from support import ADMIN_KEY, Server, trace_body


class HeldModel:
    """An OpenAI-compatible model on loopback whose answers wait for ``release``."""

    def __init__(self) -> None:
        self.first_call = threading.Event()
        self.release = threading.Event()
        self.calls = 0
        held = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the http.server API)
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                held.calls += 1
                held.first_call.set()
                held.release.wait(timeout=120)
                answer = {
                    "id": f"chatcmpl-{held.calls}",
                    "object": "chat.completion",
                    "created": 1_764_000_000,
                    "model": body.get("model", "held"),
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": "I can't help."},
                            "finish_reason": "stop",
                        }
                    ],
                }
                data = json.dumps(answer).encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}/v1"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.release.set()
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture
def held_model() -> Iterator[HeldModel]:
    model = HeldModel()
    yield model
    model.close()


def test_cancel_stops_a_running_job_and_wait_raises(server: Server, held_model: HeldModel) -> None:
    started = httpx.post(
        f"{server.url}/v1/analysis/safety/model",
        headers={"authorization": f"Bearer {ADMIN_KEY}", "prefer": "respond-async"},
        json={"model_url": f"{held_model.url}#model=held", "test_suite": "quick"},
        timeout=60,
    )
    assert started.status_code == 202, started.text
    run_id = started.json()["run_id"]
    assert held_model.first_call.wait(timeout=60)
    with Client(server.url, ADMIN_KEY) as client:
        asked = client.jobs.cancel(run_id)
        assert asked["state"] == "running" and asked["cancel_requested"] is True
        held_model.release.set()
        with pytest.raises(JobCancelledError) as caught:
            client.jobs.wait(run_id, timeout=120, poll_interval=0.05)
        assert isinstance(caught.value, JobFailedError)
        assert caught.value.type == "cancelled" and caught.value.status == 409
        assert caught.value.job["state"] == "cancelled"
        assert f"job {run_id}" in str(caught.value) and "cancelled" in str(caught.value)
        # One probe was asked; the cancel came before the next.
        assert held_model.calls == 1
        with pytest.raises(ConflictError) as again:
            client.jobs.cancel(run_id)
        assert "already cancelled" in (again.value.details or str(again.value))


def test_a_finished_job_is_a_conflict_and_another_keys_not_found(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as admin:
        admin.traces.create(trace_body("py-jobs-cancel"))
    with Client(server.url, server.key("analyst")) as starter:  # analysts build packs
        job = starter.packs.start({"last": "3650d"})
        assert starter.jobs.wait(job["id"], timeout=120, poll_interval=0.05)["state"] == "done"
        with pytest.raises(ConflictError) as done:
            starter.jobs.cancel(job["id"])
        assert "already done" in (done.value.details or str(done.value))
    with Client(server.url, server.key("analyst")) as other:
        with pytest.raises(NotFoundError):
            other.jobs.cancel(job["id"])


async def test_async_cancel_of_a_finished_job_is_a_conflict(server: Server) -> None:
    async with AsyncClient(server.url, ADMIN_KEY) as client:
        await client.traces.create(trace_body("py-jobs-cancel-async"))
        job = await client.packs.start({"last": "3650d"})
        await client.jobs.wait(job["id"], timeout=120, poll_interval=0.05)
        with pytest.raises(ConflictError):
            await client.jobs.cancel(job["id"])
