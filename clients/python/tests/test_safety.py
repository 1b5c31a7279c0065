"""Seed 000's safety interface end to end. These run once the server has the routes (they
are built on another branch); until then each skips, naming the missing route."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from evid_client import AuthenticationError, BadRequestError, Client
from support import ADMIN_KEY, Recorder, Server

HasRoute = Callable[[str, str], None]


def test_text_analysis_with_an_api_key(server: Server, has_route: HasRoute) -> None:
    has_route("post", "/v1/analysis/safety/text")
    with Client(server.url, ADMIN_KEY) as client:
        result = client.safety.analysis.text(
            "Email me at dana.kowalski@mailbox.org, my card is 4111 1111 1111 1111",
            threshold=0.5,
        )
        assert isinstance(result, dict) and result
        with pytest.raises(BadRequestError) as caught:
            client.safety.analysis.text("hello", threshold=1.5)
    assert "threshold" in (caught.value.details or "")
    assert caught.value.request_id


def test_monitoring_session_event_and_metrics(
    server: Server, has_route: HasRoute, openapi: dict[str, Any]
) -> None:
    has_route("post", "/v1/monitoring/session")
    with Client(server.url, ADMIN_KEY) as client:
        session = client.safety.monitoring.create_session(
            "py-system",
            monitoring_config={"metrics": ["event_count", "latency_mean"], "interval": "5m"},
        )
        session_id = str(session["session_id"])
        assert session["system_id"] == "py-system"
        logged = client.safety.monitoring.log_event(
            session_id,
            "inference",
            {"input": "hi", "output": "hello", "confidence": 0.9, "latency": 120},
        )
        assert isinstance(logged, dict)
        if "get" in openapi["paths"].get("/v1/monitoring/metrics", {}):
            assert isinstance(client.safety.monitoring.metrics(session_id), dict)


def test_token_exchange_refresh_and_revoke(server: Server, has_route: HasRoute) -> None:
    has_route("post", "/v1/auth/token")
    has_route("post", "/v1/analysis/safety/text")
    created = server.cli("admin", "keys", "create", "--name", "py-token", "--role", "analyst")
    assert "secret" in created, f"`evid admin keys create` printed no secret: {sorted(created)}"
    api_key, secret = str(created["key_id"]), str(created["secret"])
    recorder = Recorder()
    http = httpx.Client(event_hooks={"response": [recorder]})
    with Client(server.url, api_key, api_secret=secret, http_client=http) as client:
        client.safety.analysis.text("first")
        client.safety.analysis.text("second")
        assert recorder.statuses("POST", "/v1/auth/token") in ([200], [201])
        token = client._current_token()
        assert token and token != api_key

        # Revoked behind the client's back: its next call is refused once, it exchanges
        # again, and the call goes through.
        with Client(server.url, api_key, api_secret=secret) as other:
            other.safety.auth.revoke(token)
        client.safety.analysis.text("third")
        assert 401 in recorder.statuses("POST", "/v1/analysis/safety/text")
        assert len(recorder.statuses("POST", "/v1/auth/token")) == 2
        assert client._current_token() not in (None, token)
    http.close()
    with pytest.raises(AuthenticationError) as caught:
        with Client(server.url, api_key, api_secret="wrong") as client:
            client.safety.analysis.text("nope")
    assert caught.value.status == 401 and caught.value.request_id


def test_compliance_assessment(server: Server, has_route: HasRoute) -> None:
    has_route("post", "/v1/compliance/assessment")
    with Client(server.url, ADMIN_KEY) as client:
        # An assessment scores the system's recorded evidence: record some first.
        client.traces.create(
            {
                "session_id": "py-assess-1",
                "agent": "py-system",
                "events": [{"type": "llm_call", "prompt": "hi", "timestamp": "2026-11-25T10:00:00Z"}],
            }
        )
        frameworks = client.safety.compliance.frameworks()
        assert frameworks
        names = [
            str(f.get("id") or f.get("name"))
            for f in (frameworks.get("frameworks") or [])
            if isinstance(f, dict)
        ] or ["eu-ai-act"]
        assessment = client.safety.compliance.assess(
            "py-system", names[:1], system_metadata={"description": "a support bot"}
        )
        assert str(assessment["assessment_id"]) and "overall_score" in assessment


def test_compliance_frameworks_filtered_by_region(server: Server, has_route: HasRoute) -> None:
    has_route("get", "/v1/compliance/frameworks")
    with Client(server.url, ADMIN_KEY) as client:
        every = client.safety.compliance.frameworks()["frameworks"]
        in_eu = client.safety.compliance.frameworks(region="EU")["frameworks"]
    assert every and in_eu
    assert len(in_eu) <= len(every)
