"""The same scenario through AsyncClient: every call awaited, iteration with ``async for``."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from evid_client import AsyncClient, KillSwitchError, NotFoundError
from support import ADMIN_KEY, Recorder, Server, trace_body


async def test_async_scenario(server: Server) -> None:
    agent = "py-async"
    async with AsyncClient(server.url, ADMIN_KEY) as client:
        bodies = [trace_body(agent) for _ in range(3)]
        created = await asyncio.gather(*(client.traces.create(b) for b in bodies))
        assert {c["status"] for c in created} == {"accepted"}

        got = await client.traces.get(created[1]["trace_id"])
        assert got["session_id"] == bodies[1]["session_id"]
        page = await client.traces.list(agent=agent, limit=1)
        assert page["total"] == 3 and len(page["traces"]) == 1
        every = [t["trace_id"] async for t in client.traces.iter(agent=agent, page_size=2)]
        assert sorted(every) == sorted(c["trace_id"] for c in created)

        findings = await client.findings.list(trace=created[0]["trace_id"])
        finding_id = findings["findings"][0]["id"]
        updated = await client.findings.update(finding_id, status="closed", comment="async")
        assert updated["status"] == "closed"
        assert (await client.findings.get(finding_id))["status"] == "closed"

        with pytest.raises(NotFoundError) as caught:
            await client.findings.get("fd_missing")
        assert caught.value.request_id


async def test_async_kill_switch(server: Server) -> None:
    recorder = Recorder()

    async def record(response: httpx.Response) -> None:
        recorder(response)

    http = httpx.AsyncClient(event_hooks={"response": [record]})
    agent = "py-async-halted"
    async with AsyncClient(server.url, ADMIN_KEY, http_client=http) as client:
        await client.kill_switch.activate(reason="py async", agent=agent)
        try:
            with pytest.raises(KillSwitchError) as caught:
                await client.traces.create(trace_body(agent))
        finally:
            await client.kill_switch.deactivate(reason="py async done", agent=agent)
    await http.aclose()
    assert caught.value.status == 503
    assert recorder.statuses("POST", "/api/v1/traces") == [503]


async def test_async_administration(server: Server) -> None:
    async with AsyncClient(server.url, ADMIN_KEY) as client:
        created = await client.sources.create(type="webhook", name="py-async-hooks")
        source_id = created["source"]["source_id"]
        listed = await client.sources.list()
        assert source_id in [s["source_id"] for s in listed["sources"]]
        await client.sources.remove(source_id)
        with pytest.raises(NotFoundError):
            await client.sources.get(source_id)

        hold = await client.retention.holds.create(agent="py-async", reason="async hold")
        released = await client.retention.holds.release(hold["hold_id"], reason="done")
        assert released["released_at"]

        key = await client.keys.create(name="py-async-key", role="viewer")
        await client.keys.revoke(key["key_id"])
        live = [k["key_id"] for k in (await client.keys.list())["keys"]]
        assert key["key_id"] not in live
