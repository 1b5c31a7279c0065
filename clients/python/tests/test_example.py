"""examples/python_agent.py, run as a user would: pointed at a server by the environment."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from evid_client import Client
from support import ADMIN_KEY, REPO_ROOT, Server


def test_the_example_records_a_session_and_prints_its_findings(server: Server) -> None:
    done = subprocess.run(
        [sys.executable, str(REPO_ROOT / "examples" / "python_agent.py")],
        env={**os.environ, "EVID_BASE_URL": server.url, "EVID_API_KEY": ADMIN_KEY},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    first = re.match(r"trace (tr_\w+): 2 events recorded\n", done.stdout)
    assert first, done.stdout
    with Client(server.url, ADMIN_KEY) as client:
        findings = client.findings.list(trace=first.group(1))["findings"]
    assert findings
    for finding in findings:
        assert finding["id"] in done.stdout
