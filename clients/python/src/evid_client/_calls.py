"""Every endpoint as a ``Call``: path, query, body and whether a retry is safe. The sync and
async resources are thin signatures over these, so both clients send the same requests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

from . import types as t
from ._base import Call, query, write

Json = dict[str, Any]

#: Execution statuses that mean "still going": ``executions.wait`` polls while it sees one.
RUNNING_STATUSES = frozenset(
    {"created", "queued", "pending", "accepted", "running", "in_progress", "started", "cancelling"}
)


def seg(value: str) -> str:
    """One path segment: ids are quoted so that a ``/`` in one cannot change the route."""
    return quote(str(value), safe="")


# --- evidence API (/api/v1) --------------------------------------------------------------


def traces_create(trace: t.TraceIngestionRequest, key: str | None) -> Call[t.IngestionResponse]:
    return write("POST", "/api/v1/traces", trace, key)


def traces_append(
    trace_id: str, events: Sequence[t.Event], key: str | None
) -> Call[t.PostTracesIdEventsResponse]:
    return write("POST", f"/api/v1/traces/{seg(trace_id)}/events", {"events": list(events)}, key)


def traces_get(trace_id: str) -> Call[t.GetTracesIdResponse]:
    return Call("GET", f"/api/v1/traces/{seg(trace_id)}")


def traces_list(filters: Mapping[str, Any]) -> Call[t.GetTracesResponse]:
    return Call("GET", "/api/v1/traces", params=query(**filters))


def events_create(
    events: t.AuditEvent | Sequence[t.AuditEvent], key: str | None
) -> Call[t.PostEventsResponse]:
    body: Any = events if isinstance(events, Mapping) else list(events)
    return write("POST", "/api/v1/events", body, key)


def events_get(event_id: str) -> Call[t.GetEventsIdResponse]:
    return Call("GET", f"/api/v1/events/{seg(event_id)}")


def events_list(filters: Mapping[str, Any]) -> Call[t.GetEventsResponse]:
    return Call("GET", "/api/v1/events", params=query(**filters))


def findings_get(finding_id: str) -> Call[t.GetFindingsIdResponse]:
    return Call("GET", f"/api/v1/findings/{seg(finding_id)}")


def findings_list(filters: Mapping[str, Any]) -> Call[t.GetFindingsResponse]:
    return Call("GET", "/api/v1/findings", params=query(**filters))


def findings_update(
    finding_id: str, status: str, comment: str | None, key: str | None
) -> Call[t.PatchFindingsIdResponse]:
    body: Json = {"status": status}
    if comment is not None:
        body["comment"] = comment
    return write("PATCH", f"/api/v1/findings/{seg(finding_id)}", body, key)


def compliance_get(
    regulation: str, agent: str | None, review_within_days: float | None
) -> Call[t.GetComplianceRegulationResponse]:
    path = f"/api/v1/compliance/{seg(regulation)}"
    if agent is not None:
        path += f"/{seg(agent)}"
    return Call("GET", path, params=query(review_within_days=review_within_days))


def packs_create(body: t.PostPacksBody, key: str | None) -> Call[t.PostPacksResponse]:
    return write("POST", "/api/v1/packs", body, key)


def packs_list(filters: Mapping[str, Any]) -> Call[t.GetPacksResponse]:
    return Call("GET", "/api/v1/packs", params=query(**filters))


def packs_download(pack_id: str) -> Call[bytes]:
    return Call("GET", f"/api/v1/exports/{seg(pack_id)}", raw=True)


def kill_switch_status() -> Call[t.GetKillSwitchResponse]:
    return Call("GET", "/api/v1/kill-switch")


def kill_switch_toggle(
    action: str, reason: str, agent: str | None, key: str | None
) -> Call[t.PostKillSwitchActivateResponse]:
    body: Json = {"reason": reason}
    if agent is not None:
        body["agent"] = agent
    return write("POST", f"/api/v1/kill-switch/{action}", body, key)


def policies_get() -> Call[t.GetPoliciesResponse]:
    return Call("GET", "/api/v1/policies")


def policies_set(policy: Mapping[str, Any], key: str | None) -> Call[t.PutPoliciesResponse]:
    return write("PUT", "/api/v1/policies", dict(policy), key)


# --- safety interface (/v1, seed 000) ------------------------------------------------------


def _safety(method: str, path: str, body: Json | None = None, **params: Any) -> Call[Json]:
    # Analyses are reads (nothing is written that a repeat would duplicate), so a POST here is
    # retried like a GET; sessions, events and assessments carry an Idempotency-Key instead.
    return Call(method, path, json=body, params=query(**params) or None, retryable=True, auth="token")


def _safety_write(path: str, body: Json, key: str | None) -> Call[Json]:
    call = write("POST", path, body, key)
    return Call(call.method, path, json=body, headers=call.headers, retryable=True, auth="token")


def _drop_none(**fields: Any) -> Json:
    return {name: value for name, value in fields.items() if value is not None}


def token_create(api_key: str, api_secret: str) -> Call[Json]:
    # No Idempotency-Key: the server would keep the token in its replay cache. A retried
    # exchange at worst issues a second token, which simply expires.
    return Call("POST", "/v1/auth/token", json={"api_key": api_key, "api_secret": api_secret}, retryable=True)


def token_revoke(token: str) -> Call[Json]:
    return Call("DELETE", "/v1/auth/token", json={"token": token}, auth="token")


def analysis_text(content: str, categories: Sequence[str] | None, threshold: float | None) -> Call[Json]:
    body = _drop_none(content=content, categories=_list(categories), threshold=threshold)
    return _safety("POST", "/v1/analysis/safety/text", body)


def analysis_model(model_url: str, test_suite: str | None, categories: Sequence[str] | None) -> Call[Json]:
    body = _drop_none(model_url=model_url, test_suite=test_suite, categories=_list(categories))
    return _safety("POST", "/v1/analysis/safety/model", body)


def alignment_objectives(
    objectives: Sequence[Any], context: str | None, domain: str | None
) -> Call[Json]:
    body = _drop_none(objectives=list(objectives), context=context, domain=domain)
    return _safety("POST", "/v1/alignment/objectives", body)


def alignment_evaluate(
    model_url: str, objectives: Sequence[Any], test_cases: Sequence[Mapping[str, Any]] | None
) -> Call[Json]:
    cases = [dict(c) for c in test_cases] if test_cases is not None else None
    body = _drop_none(model_url=model_url, objectives=list(objectives), test_cases=cases)
    return _safety("POST", "/v1/alignment/evaluate", body)


def monitoring_session(
    system_id: str,
    monitoring_config: Mapping[str, Any] | None,
    alert_channels: Sequence[Mapping[str, Any]] | None,
    key: str | None,
) -> Call[Json]:
    channels = [dict(c) for c in alert_channels] if alert_channels is not None else None
    config = dict(monitoring_config) if monitoring_config is not None else None
    body = _drop_none(system_id=system_id, monitoring_config=config, alert_channels=channels)
    return _safety_write("/v1/monitoring/session", body, key)


def monitoring_event(
    session_id: str, event_type: str, event_data: Mapping[str, Any], key: str | None
) -> Call[Json]:
    body = {"session_id": session_id, "event_type": event_type, "event_data": dict(event_data)}
    return _safety_write("/v1/monitoring/event", body, key)


def monitoring_metrics(
    session_id: str, metrics: Sequence[str] | None, time_range: str | None
) -> Call[Json]:
    return _safety("GET", "/v1/monitoring/metrics", None, session_id=session_id, metrics=_list(metrics), time_range=time_range)


def compliance_assess(
    system_id: str, frameworks: Sequence[str], system_metadata: Mapping[str, Any] | None, key: str | None
) -> Call[Json]:
    metadata = dict(system_metadata) if system_metadata is not None else None
    body = _drop_none(system_id=system_id, frameworks=list(frameworks), system_metadata=metadata)
    return _safety_write("/v1/compliance/assessment", body, key)


def compliance_frameworks(region: str | None, domain: str | None) -> Call[Json]:
    return _safety("GET", "/v1/compliance/frameworks", None, region=region, domain=domain)


def compliance_documentation(
    assessment_id: str, document_type: str, format: str | None, key: str | None
) -> Call[Json]:
    body = _drop_none(assessment_id=assessment_id, document_type=document_type, format=format)
    return _safety_write("/v1/compliance/documentation", body, key)


def _list(values: Sequence[str] | None) -> list[str] | None:
    return list(values) if values is not None else None


# --- execution interface (/v1, seed 000) ---------------------------------------------------


def execute(
    workflow: str, input: Mapping[str, Any], agents: Sequence[str] | None, key: str | None
) -> Call[Json]:
    body = _drop_none(workflow=workflow, input=dict(input), agents=_list(agents))
    return write("POST", "/v1/execute", body, key)


def executions_get(execution_id: str) -> Call[Json]:
    return Call("GET", f"/v1/executions/{seg(execution_id)}")


def executions_cancel(execution_id: str, key: str | None) -> Call[Json]:
    return write("POST", f"/v1/executions/{seg(execution_id)}/cancel", None, key)


def workflows_list() -> Call[Json]:
    return Call("GET", "/v1/workflows")


def agents_list() -> Call[Json]:
    return Call("GET", "/v1/agents")
