"""Seed 000's execution interface end to end: the example workflow registered with the CLI,
run and awaited through the client. Skips, naming the route, while the server lacks it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from evid_client import Client, NotFoundError
from support import ADMIN_KEY, REPO_ROOT, Server

HasRoute = Callable[[str, str], None]


def rows(answer: Any, key: str) -> list[dict[str, Any]]:
    """A listing's records, whether the server answers a list or {key: [...]}."""
    found = answer.get(key) if isinstance(answer, dict) else answer
    return [r for r in (found or []) if isinstance(r, dict)]


def test_execute_a_workflow_and_wait_for_it(server: Server, has_route: HasRoute) -> None:
    has_route("post", "/v1/execute")
    has_route("get", "/v1/workflows")
    example = REPO_ROOT / "examples" / "support-workflow.yaml"
    if not example.exists():
        pytest.skip(f"no example workflow at {example}")
    server.cli("workflows", "add", str(example))
    with Client(server.url, ADMIN_KEY) as client:
        names = [w.get("name") for w in rows(client.workflows.list(), "workflows")]
        assert "support-triage" in names
        assert rows(client.agents.list(), "agents")
        started = client.execute(
            workflow="support-triage", input={"question": "Where is my order #1234?"}
        )
        assert started["execution_id"]
        done = client.executions.wait(started["execution_id"], poll_interval=0.2, timeout=60)
        assert done["status"] == "succeeded", done
        assert client.executions.get(started["execution_id"])["status"] == "succeeded"
        with pytest.raises(NotFoundError) as caught:
            client.executions.get("ex_missing")
        assert caught.value.request_id
