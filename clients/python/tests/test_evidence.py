"""The evidence API through the synchronous client, against a real server."""

from __future__ import annotations

import json

import httpx
import pytest

from evid_client import Client, NotFoundError, PermissionDeniedError
from support import ADMIN_KEY, Recorder, Server, trace_body


def test_create_get_list_and_iterate_traces(server: Server) -> None:
    agent = "py-lister"
    with Client(server.url, ADMIN_KEY) as client:
        bodies = [trace_body(agent) for _ in range(5)]
        created = [client.traces.create(body) for body in bodies]
        assert [c["status"] for c in created] == ["accepted"] * 5
        assert all(c["findings_generated"] >= 1 for c in created)

        got = client.traces.get(created[0]["trace_id"])
        assert got["trace_id"] == created[0]["trace_id"]
        assert got["session_id"] == bodies[0]["session_id"]
        by_session = client.traces.get(bodies[0]["session_id"])
        assert by_session["trace_id"] == created[0]["trace_id"]
        json.dumps(got)  # results are plain dicts

        page = client.traces.list(agent=agent, limit=2)
        assert page["total"] == 5
        assert len(page["traces"]) == 2

        # Pages of two: the iterator walks all three pages and yields every trace once.
        every = list(client.traces.iter(agent=agent, page_size=2))
        assert sorted(t["trace_id"] for t in every) == sorted(c["trace_id"] for c in created)


def test_append_events_and_list_them(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        body = trace_body("py-appender", email=False)
        created = client.traces.create(body)
        client.traces.append(
            created["trace_id"],
            [{"type": "message", "prompt": "thanks", "timestamp": "2026-11-20T09:15:00Z"}],
        )
        events = client.events.list(trace=created["trace_id"])
        assert events["total"] == 3
        assert {e["type"] for e in events["events"]} == {"llm_call", "tool_call", "message"}
        first = client.events.get(events["events"][0]["event_id"])
        assert first["event_id"] == events["events"][0]["event_id"]
        assert len(list(client.events.iter(trace=created["trace_id"], page_size=1))) == 3


def test_findings_list_get_and_update(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        created = client.traces.create(trace_body("py-finder"))
        findings = client.findings.list(trace=created["trace_id"])
        assert findings["total"] == created["findings_generated"] >= 1
        finding_id = findings["findings"][0]["id"]

        updated = client.findings.update(finding_id, status="reviewing", comment="looking")
        assert updated["status"] == "reviewing"
        again = client.findings.get(finding_id)
        assert again["status"] == "reviewing"
        assert any(h.get("comment") == "looking" for h in again["history"])
        assert [f["id"] for f in client.findings.iter(trace=created["trace_id"])] == [
            f["id"] for f in findings["findings"]
        ]


def test_compliance_policies_and_packs(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        client.traces.create(trace_body("py-packer"))
        overall = client.compliance.get("eu-ai-act")
        one_agent = client.compliance.get("eu-ai-act", "py-packer")
        assert overall and one_agent
        policy = client.policies.get()
        assert isinstance(policy, dict) and policy
        pack = client.packs.create({"format": "json", "last": "3650d"})
        pack_id = pack["pack_id"]
        assert pack_id in [p["pack_id"] for p in client.packs.list()["packs"]]
        assert client.packs.download(pack_id)[:2] == b"PK"  # a zip


def test_not_found_maps_to_its_exception_with_request_id(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client, pytest.raises(NotFoundError) as caught:
        client.traces.get("tr_does_not_exist")
    error = caught.value
    assert error.status == 404
    assert error.code == 404
    assert error.request_id
    assert error.type == "not_found"
    assert "tr_does_not_exist" in (error.details or "")


def test_forbidden_maps_to_its_exception_with_request_id(server: Server) -> None:
    viewer = server.key("viewer")
    recorder = Recorder()
    http = httpx.Client(event_hooks={"response": [recorder]})
    with Client(server.url, viewer, http_client=http) as client:
        assert client.traces.list(limit=1)["page_size"] == 1  # a viewer reads
        with pytest.raises(PermissionDeniedError) as caught:
            client.traces.create(trace_body("py-viewer"))
    http.close()
    assert caught.value.status == 403
    assert caught.value.request_id
    assert recorder.statuses("POST", "/api/v1/traces") == [403]  # not retried


def test_environment_supplies_address_and_key(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EVID_BASE_URL", server.url)
    monkeypatch.setenv("EVID_API_KEY", ADMIN_KEY)
    with Client() as client:
        assert "traces" in client.traces.list(limit=1)
