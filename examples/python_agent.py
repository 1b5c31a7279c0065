#!/usr/bin/env python3
"""Record a two-step agent session with evid, then print what the detectors found.

    evid serve --port 8080 &                 # with EVID_API_KEY set
    pip install ./clients/python
    EVID_BASE_URL=http://127.0.0.1:8080 EVID_API_KEY=... python examples/python_agent.py

In a real agent, append each step as it happens (``client.traces.append``) or send the
whole session when it ends, as here. Retries, backoff and idempotency are the client's job.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timezone

from evid_client import Client, KillSwitchError
from evid_client.types import Event, TraceIngestionRequest


def now() -> str:
    return datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")


def run_agent() -> list[Event]:
    """Stands in for your agent: one model call, then one tool call."""
    question = "My order A-20931 is late. Reach me at dana.kowalski@mailbox.org."
    return [
        {
            "type": "llm_call",
            "model": "gpt-4o-mini",
            "prompt": question,
            "completion": "Let me look up order A-20931.",
            "tokens_prompt": 24,
            "tokens_completion": 9,
            "timestamp": now(),
        },
        {
            "type": "tool_call",
            "prompt": "lookup_order(order_id='A-20931')",
            "completion": '{"status": "in_transit", "eta": "2026-11-23"}',
            "timestamp": now(),
        },
    ]


def main() -> None:
    with Client() as client:  # EVID_BASE_URL and EVID_API_KEY
        session: TraceIngestionRequest = {
            "session_id": f"support-{uuid.uuid4()}",
            "agent": "support-bot",
            "framework": "custom",
            "events": run_agent(),
        }
        try:
            created = client.traces.create(session)
        except KillSwitchError as err:
            raise SystemExit(f"intake is stopped by the kill switch: {err}") from err
        print(f"trace {created['trace_id']}: {created['events_ingested']} events recorded")

        for finding in client.findings.iter(trace=created["trace_id"]):
            print(f"  {finding['severity']:<8} {finding['type']:<24} {finding['id']}")
        if created["findings_generated"] == 0:
            print("  no findings")


if __name__ == "__main__":
    main()
