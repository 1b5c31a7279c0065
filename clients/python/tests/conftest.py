"""Fixtures: one real ``evid serve`` (the built binary) on loopback over a temporary store,
shared by the session, and its OpenAPI document."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from support import ADMIN_KEY, Server, start_server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("store"))
    yield running
    running.stop()


@pytest.fixture(scope="session")
def openapi(server: Server) -> dict[str, Any]:
    answer = httpx.get(
        f"{server.url}/api/v1/openapi.json", headers={"Authorization": f"Bearer {ADMIN_KEY}"}
    )
    answer.raise_for_status()
    doc: dict[str, Any] = answer.json()
    return doc


@pytest.fixture
def has_route(openapi: dict[str, Any]) -> Callable[[str, str], None]:
    """``has_route("post", "/v1/execute")`` skips the test when the server lacks the route
    (the safety and execution routes are built on other branches)."""

    def check(method: str, path: str) -> None:
        if method.lower() not in openapi["paths"].get(path, {}):
            pytest.skip(f"the server has no {method.upper()} {path} yet")

    return check


