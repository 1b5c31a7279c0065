"""Background jobs through the client: a pack build started with ``Prefer: respond-async``,
polled to done (and to failed) against a real server; the timeout against a stub that never
finishes, since how fast a real job ends is not the test's to choose."""

from __future__ import annotations

import json

import httpx
import pytest

from evid_client import (
    AsyncClient,
    BadRequestError,
    Client,
    JobFailedError,
    JobTimeoutError,
    NotFoundError,
)
from support import ADMIN_KEY, Server, trace_body


def test_a_pack_build_job_is_polled_to_done(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        client.traces.create(trace_body("py-jobs"))  # something to pack
        job = client.packs.start({"format": "json", "last": "3650d"})
        assert job["kind"] == "pack" and job["state"] in {"queued", "running", "done"}
        assert job["status_url"] == f"/api/v1/jobs/{job['id']}"

        done = client.jobs.wait(job["id"], timeout=120, poll_interval=0.05)
        assert done["state"] == "done" and done["error"] is None
        assert done["progress"]["done"] == done["progress"]["total"] > 0
        result_url = done["result_url"]
        assert result_url is not None
        pack_id = result_url.rsplit("/", 1)[1]
        assert client.packs.download(pack_id)[:2] == b"PK"
        assert client.jobs.get(job["id"])["state"] == "done"


def test_a_failed_job_raises_with_the_jobs_error(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        client.traces.create(trace_body("py-jobs"))
        job = client.packs.start({"session": "py-no-such-session"})
        with pytest.raises(JobFailedError) as caught:
            client.jobs.wait(job["id"], timeout=120, poll_interval=0.05)
    error = caught.value
    assert error.status == 404 and error.type == "not_found"
    assert "py-no-such-session" in (error.details or "")
    assert error.job["state"] == "failed" and error.job["id"] == job["id"]
    assert job["id"] in str(error)


def test_a_job_is_seen_only_by_its_starter_and_admins(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as admin:
        admin.traces.create(trace_body("py-jobs"))
    with Client(server.url, server.key("analyst")) as starter:  # analysts build packs
        job = starter.packs.start({"last": "3650d"})
        assert starter.jobs.wait(job["id"], timeout=120, poll_interval=0.05)["state"] == "done"
    with Client(server.url, server.key("analyst")) as other:
        with pytest.raises(NotFoundError) as hidden:
            other.jobs.get(job["id"])
        assert hidden.value.status == 404
    with Client(server.url, ADMIN_KEY) as admin:
        assert admin.jobs.get(job["id"])["state"] == "done"
        with pytest.raises(NotFoundError):
            admin.jobs.get("job_does_not_exist")
        with pytest.raises(BadRequestError) as bad:
            admin.jobs.get("not a job id")
        assert "id" in (bad.value.details or "")


async def test_async_wait_polls_a_job_to_done(server: Server) -> None:
    async with AsyncClient(server.url, ADMIN_KEY) as client:
        await client.traces.create(trace_body("py-jobs-async"))
        job = await client.packs.start({"last": "3650d"})
        done = await client.jobs.wait(job["id"], timeout=120, poll_interval=0.05)
        assert done["state"] == "done" and (done["result_url"] or "").startswith("/api/v1/exports/")


def running_job(request: httpx.Request) -> httpx.Response:
    """A server whose job never ends."""
    job_id = request.url.path.rsplit("/", 1)[1]
    progress = {"done": 2, "total": 6, "phase": "hashing records"}
    body = {"id": job_id, "kind": "pack", "state": "running", "progress": progress}
    return httpx.Response(200, content=json.dumps(body).encode())


def test_wait_gives_up_after_its_timeout() -> None:
    http = httpx.Client(transport=httpx.MockTransport(running_job))
    with Client("http://evid.invalid", "key", http_client=http) as client:
        with pytest.raises(JobTimeoutError) as caught:
            client.jobs.wait("job_slow", timeout=0.2, poll_interval=0.05)
    http.close()
    assert isinstance(caught.value, TimeoutError)
    assert caught.value.job["state"] == "running"
    assert "job_slow" in str(caught.value) and "hashing records 2/6" in str(caught.value)
