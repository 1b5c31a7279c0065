"""Helpers of the tests: a real ``evid serve`` (the built binary) on loopback over a
temporary store.

Run from the repository root after ``npm run build``; ``EVID_NODE`` names the node binary
(the project's test command passes its own)."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from evid_client.types import TraceIngestionRequest

REPO_ROOT = Path(__file__).resolve().parents[3]
ADMIN_KEY = "py-client-admin-key-0123456789abcdef"
NODE = os.environ.get("EVID_NODE", "node")


@dataclass
class Server:
    url: str
    data_dir: Path
    process: subprocess.Popen[str]
    output: list[str] = field(default_factory=list)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)

    def cli(self, *args: str, binary: str = "evid") -> Any:
        """Runs ``evid <args> --json`` (or ``audit``) on the server's store and returns the
        parsed output."""
        done = subprocess.run(
            [NODE, str(REPO_ROOT / "bin" / f"{binary}.js"), *args, "--json"],
            env={**os.environ, "EVID_DATA_DIR": str(self.data_dir), "NO_COLOR": "1"},
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(done.stdout)

    def key(self, role: str) -> str:
        created = self.cli("admin", "keys", "create", "--name", f"py-{role}", "--role", role)
        return str(created["key"])


def start_server(data_dir: Path, env: dict[str, str] | None = None) -> Server:
    if not (REPO_ROOT / "dist" / "cli").exists():
        pytest.fail("the server is not built: run `npm run build` at the repository root")
    process = subprocess.Popen(
        [NODE, str(REPO_ROOT / "bin" / "evid.js"), "serve", "--port", "0"],
        env={
            **os.environ,
            "EVID_DATA_DIR": str(data_dir),
            "EVID_API_KEY": ADMIN_KEY,
            "EVID_LOG_LEVEL": "warn",
            "NO_COLOR": "1",
            **(env or {}),
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    server: Server | None = None
    for line in process.stdout:
        if line.startswith('{"listening"'):
            server = Server(json.loads(line)["listening"], data_dir, process)
            break
    if server is None:
        raise RuntimeError(f"evid serve exited with {process.wait()}")
    # Keep reading so that a chatty server never blocks on a full pipe.
    running, stdout = server, process.stdout
    threading.Thread(target=lambda: running.output.extend(stdout), daemon=True).start()
    return running


class Recorder:
    """Every (method, path, status) the client's HTTP layer saw, retries included."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str, int]] = []

    def __call__(self, response: httpx.Response) -> None:
        self.seen.append((response.request.method, response.request.url.path, response.status_code))

    def statuses(self, method: str, path: str) -> list[int]:
        return [s for m, p, s in self.seen if m == method and p == path]


def trace_body(agent: str = "py-support-bot", email: bool = True) -> TraceIngestionRequest:
    """A two-step session; the e-mail address in its prompt makes a PII finding."""
    session = f"py-{uuid.uuid4()}"
    who = "dana.kowalski@mailbox.org" if email else "a customer"
    return {
        "session_id": session,
        "agent": agent,
        "framework": "langchain",
        "events": [
            {
                "type": "llm_call",
                "model": "gpt-4o-mini",
                "prompt": f"Where is my order? Write to {who}.",
                "completion": "It ships on Thursday.",
                "tokens_prompt": 12,
                "tokens_completion": 6,
                "timestamp": "2026-11-20T09:14:03Z",
            },
            {
                "type": "tool_call",
                "prompt": "lookup_order('A-20931')",
                "completion": '{"status": "in_transit"}',
                "timestamp": "2026-11-20T09:14:04Z",
            },
        ],
    }
