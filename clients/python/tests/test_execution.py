"""Seed 000's execution interface end to end. Runs once the server has the routes (built on
another branch) and a workflow is registered; until then it skips, saying why."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evid_client import Client, NotFoundError
from support import ADMIN_KEY, Server

import pytest

HasRoute = Callable[[str, str], None]


def rows(answer: Any, key: str) -> list[dict[str, Any]]:
    """A listing's records, whether the server answers a list or {key: [...]}."""
    found = answer.get(key) if isinstance(answer, dict) else answer
    return [r for r in (found or []) if isinstance(r, dict)]


def test_execute_a_workflow_and_wait_for_it(server: Server, has_route: HasRoute) -> None:
    has_route("post", "/v1/execute")
    has_route("get", "/v1/workflows")
    with Client(server.url, ADMIN_KEY) as client:
        workflows = rows(client.workflows.list(), "workflows")
        assert isinstance(rows(client.agents.list(), "agents"), list)
        if not workflows:
            pytest.skip("no workflow is registered on a fresh store")
        workflow = str(workflows[0].get("id") or workflows[0].get("name"))
        started = client.execute(workflow=workflow, input={"question": "where is my order?"})
        assert started["execution_id"]
        done = client.executions.wait(started["execution_id"], poll_interval=0.2, timeout=60)
        assert done["status"] not in ("queued", "running")
        assert client.executions.get(started["execution_id"])["status"] == done["status"]
        with pytest.raises(NotFoundError):
            client.executions.get("ex_missing")
