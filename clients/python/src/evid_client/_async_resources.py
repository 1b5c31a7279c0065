"""The asynchronous client's resources: the same as ``_resources``, every call awaitable;
``iter`` returns an async iterator (``async for trace in client.traces.iter()``)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from . import _calls as c
from . import types as t
from ._base import Call
from ._errors import EvidError

if TYPE_CHECKING:
    from ._async_client import AsyncClient

Json = dict[str, Any]
Severity = Literal["low", "medium", "high", "critical"]
FindingStatus = Literal["open", "reviewing", "remediated", "closed"]


class Resource:
    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def _pages(
        self, make: Callable[[Mapping[str, Any]], Call[Any]], items: str, filters: Json
    ) -> AsyncIterator[Json]:
        """Every row of a listing, fetching page after page (``page_size`` rows each)."""
        offset = filters.pop("offset", None) or 0
        size = filters.pop("page_size", None) or 100
        while True:
            page = await self._client._send(make({**filters, "offset": offset, "limit": size}))
            rows: list[Json] = page[items]
            for row in rows:
                yield row
            offset += len(rows)
            if not rows or offset >= page["total"]:
                return


class Traces(Resource):
    async def create(
        self, trace: t.TraceIngestionRequest, *, idempotency_key: str | None = None
    ) -> t.IngestionResponse:
        """Ingest one trace (session, agent, events). An Idempotency-Key is sent (made here
        when not given), so a retried create never makes two traces."""
        return await self._client._send(c.traces_create(trace, idempotency_key))

    async def append(
        self, trace_id: str, events: Sequence[t.Event], *, idempotency_key: str | None = None
    ) -> t.PostTracesIdEventsResponse:
        """Append events to a trace (by trace_id or session_id)."""
        return await self._client._send(c.traces_append(trace_id, events, idempotency_key))

    async def get(self, trace_id: str) -> t.GetTracesIdResponse:
        """One trace with its events, by trace_id or session_id."""
        return await self._client._send(c.traces_get(trace_id))

    async def list(
        self,
        *,
        session: str | None = None,
        agent: str | None = None,
        framework: str | None = None,
        type: str | None = None,
        since: str | None = None,
        until: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
    ) -> t.GetTracesResponse:
        """One page of trace summaries, newest first (``since``: ISO 8601 or ``7d``)."""
        filters: Json = dict(session=session, agent=agent, framework=framework, type=type)
        filters.update(since=since, until=until, limit=limit, offset=offset)
        return await self._client._send(c.traces_list(filters))

    def iter(
        self,
        *,
        session: str | None = None,
        agent: str | None = None,
        framework: str | None = None,
        type: str | None = None,
        since: str | None = None,
        until: str | None = None,
        page_size: int = 100,
    ) -> AsyncIterator[Json]:
        """Every matching trace summary, page after page."""
        filters: Json = dict(session=session, agent=agent, framework=framework, type=type)
        filters.update(since=since, until=until, page_size=page_size)
        return self._pages(c.traces_list, "traces", filters)


class Events(Resource):
    async def create(
        self,
        events: t.AuditEvent | Sequence[t.AuditEvent],
        *,
        idempotency_key: str | None = None,
    ) -> t.PostEventsResponse:
        """Record one audit event or a list of them (no session needed)."""
        return await self._client._send(c.events_create(events, idempotency_key))

    async def get(self, event_id: str) -> t.GetEventsIdResponse:
        return await self._client._send(c.events_get(event_id))

    async def list(
        self,
        *,
        agent: str | None = None,
        type: str | None = None,
        trace: str | None = None,
        since: str | None = None,
        until: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
    ) -> t.GetEventsResponse:
        filters: Json = dict(agent=agent, type=type, trace=trace, since=since, until=until)
        filters.update(limit=limit, offset=offset)
        return await self._client._send(c.events_list(filters))

    def iter(
        self,
        *,
        agent: str | None = None,
        type: str | None = None,
        trace: str | None = None,
        since: str | None = None,
        until: str | None = None,
        page_size: int = 100,
    ) -> AsyncIterator[Json]:
        filters: Json = dict(agent=agent, type=type, trace=trace, since=since, until=until)
        filters.update(page_size=page_size)
        return self._pages(c.events_list, "events", filters)


class Findings(Resource):
    async def get(self, finding_id: str) -> t.GetFindingsIdResponse:
        """One finding with its status history."""
        return await self._client._send(c.findings_get(finding_id))

    async def list(
        self,
        *,
        severity: Severity | None = None,
        status: FindingStatus | None = None,
        type: str | None = None,
        agent: str | None = None,
        trace: str | None = None,
        since: str | None = None,
        until: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
    ) -> t.GetFindingsResponse:
        filters: Json = dict(severity=severity, status=status, type=type, agent=agent, trace=trace)
        filters.update(since=since, until=until, limit=limit, offset=offset)
        return await self._client._send(c.findings_list(filters))

    def iter(
        self,
        *,
        severity: Severity | None = None,
        status: FindingStatus | None = None,
        type: str | None = None,
        agent: str | None = None,
        trace: str | None = None,
        since: str | None = None,
        until: str | None = None,
        page_size: int = 100,
    ) -> AsyncIterator[Json]:
        filters: Json = dict(severity=severity, status=status, type=type, agent=agent)
        filters.update(trace=trace, since=since, until=until, page_size=page_size)
        return self._pages(c.findings_list, "findings", filters)

    async def update(
        self,
        finding_id: str,
        *,
        status: FindingStatus,
        comment: str | None = None,
        idempotency_key: str | None = None,
    ) -> t.PatchFindingsIdResponse:
        """Move a finding to another status; the move and its comment are ledgered."""
        return await self._client._send(c.findings_update(finding_id, status, comment, idempotency_key))


class Compliance(Resource):
    async def get(
        self, regulation: str, agent: str | None = None, *, review_within_days: float | None = None
    ) -> t.GetComplianceRegulationResponse:
        """Score of eu-ai-act, gdpr, nist-ai-rmf or iso-42001, overall or for one agent."""
        return await self._client._send(c.compliance_get(regulation, agent, review_within_days))


class Packs(Resource):
    async def create(
        self, pack: t.PostPacksBody | None = None, *, idempotency_key: str | None = None
    ) -> t.PostPacksResponse:
        """Build a signed evidence pack (window, session, format: see PostPacksBody)."""
        return await self._client._send(c.packs_create(pack or {}, idempotency_key))

    async def list(self, *, limit: int | None = None, offset: int | None = None) -> t.GetPacksResponse:
        return await self._client._send(c.packs_list(dict(limit=limit, offset=offset)))

    async def download(self, pack_id: str) -> bytes:
        """The pack's zip, as bytes."""
        return await self._client._send(c.packs_download(pack_id))


class KillSwitch(Resource):
    async def status(self) -> t.GetKillSwitchResponse:
        return await self._client._send(c.kill_switch_status())

    async def activate(
        self, *, reason: str, agent: str | None = None, idempotency_key: str | None = None
    ) -> t.PostKillSwitchActivateResponse:
        """Refuse intake (for one agent, or all): ingest calls then raise KillSwitchError."""
        return await self._client._send(c.kill_switch_toggle("activate", reason, agent, idempotency_key))

    async def deactivate(
        self, *, reason: str, agent: str | None = None, idempotency_key: str | None = None
    ) -> t.PostKillSwitchDeactivateResponse:
        return await self._client._send(
            c.kill_switch_toggle("deactivate", reason, agent, idempotency_key)
        )


class Policies(Resource):
    async def get(self) -> t.GetPoliciesResponse:
        """The live detector policy."""
        return await self._client._send(c.policies_get())

    async def set(
        self, policy: Mapping[str, Any], *, idempotency_key: str | None = None
    ) -> t.PutPoliciesResponse:
        """Replace the live detector policy (admin; refused whole when invalid)."""
        return await self._client._send(c.policies_set(policy, idempotency_key))


# --- safety interface ----------------------------------------------------------------------


class SafetyAuth(Resource):
    async def token(self) -> Json:
        """Exchange the api_key and api_secret for a fresh token (the client does this by
        itself for safety calls; call it to hand a token to something else)."""
        return await self._client._exchange_token()

    async def revoke(self, token: str | None = None) -> Json:
        """Revoke ``token``, or the client's own token (the next safety call gets a new one)."""
        target = token or self._client._current_token()
        if target is None:
            raise EvidError("no token to revoke: none was given and the client holds none")
        answer = await self._client._send(c.token_revoke(target))
        self._client._forget_token(target)
        return answer


class SafetyAnalysis(Resource):
    async def text(
        self,
        content: str,
        *,
        categories: Sequence[str] | None = None,
        threshold: float | None = None,
    ) -> Json:
        """Category scores and concerns for a text (threshold 0..1, default 0.7)."""
        return await self._client._send(c.analysis_text(content, categories, threshold))

    async def model(
        self,
        model_url: str,
        *,
        test_suite: str | None = None,
        categories: Sequence[str] | None = None,
    ) -> Json:
        """Risk scores and recommendations for a model (URL or identifier)."""
        return await self._client._send(c.analysis_model(model_url, test_suite, categories))


class SafetyAlignment(Resource):
    async def objectives(
        self, objectives: Sequence[Any], *, context: str | None = None, domain: str | None = None
    ) -> Json:
        return await self._client._send(c.alignment_objectives(objectives, context, domain))

    async def evaluate(
        self,
        model_url: str,
        objectives: Sequence[Any],
        *,
        test_cases: Sequence[Mapping[str, Any]] | None = None,
    ) -> Json:
        """Scores against objectives; test cases are {input, expected_properties}."""
        return await self._client._send(c.alignment_evaluate(model_url, objectives, test_cases))


class SafetyMonitoring(Resource):
    async def create_session(
        self,
        system_id: str,
        *,
        monitoring_config: Mapping[str, Any] | None = None,
        alert_channels: Sequence[Mapping[str, Any]] | None = None,
        idempotency_key: str | None = None,
    ) -> Json:
        """Open a monitoring session; alert channels are {type: email|webhook, destination}."""
        return await self._client._send(
            c.monitoring_session(system_id, monitoring_config, alert_channels, idempotency_key)
        )

    async def log_event(
        self,
        session_id: str,
        event_type: str,
        event_data: Mapping[str, Any],
        *,
        idempotency_key: str | None = None,
    ) -> Json:
        """Log an event (inference: input, output, confidence, latency); lists alerts raised."""
        return await self._client._send(
            c.monitoring_event(session_id, event_type, event_data, idempotency_key)
        )

    async def metrics(
        self,
        session_id: str,
        *,
        metrics: Sequence[str] | None = None,
        time_range: str | None = None,
    ) -> Json:
        return await self._client._send(c.monitoring_metrics(session_id, metrics, time_range))


class SafetyCompliance(Resource):
    async def assess(
        self,
        system_id: str,
        frameworks: Sequence[str],
        *,
        system_metadata: Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> Json:
        return await self._client._send(
            c.compliance_assess(system_id, frameworks, system_metadata, idempotency_key)
        )

    async def frameworks(self, *, region: str | None = None, domain: str | None = None) -> Json:
        return await self._client._send(c.compliance_frameworks(region, domain))

    async def documentation(
        self,
        assessment_id: str,
        document_type: str,
        *,
        format: Literal["pdf", "docx", "html"] | None = None,
        idempotency_key: str | None = None,
    ) -> Json:
        return await self._client._send(
            c.compliance_documentation(assessment_id, document_type, format, idempotency_key)
        )


class Safety(Resource):
    """Seed 000's safety interface (``/v1``). With an ``api_secret`` the client exchanges it
    for a token (POST /v1/auth/token) and renews it before it expires or when refused."""

    def __init__(self, client: AsyncClient) -> None:
        super().__init__(client)
        self.auth = SafetyAuth(client)
        self.analysis = SafetyAnalysis(client)
        self.alignment = SafetyAlignment(client)
        self.monitoring = SafetyMonitoring(client)
        self.compliance = SafetyCompliance(client)


# --- execution interface -------------------------------------------------------------------


class Executions(Resource):
    async def get(self, execution_id: str) -> Json:
        return await self._client._send(c.executions_get(execution_id))

    async def cancel(self, execution_id: str, *, idempotency_key: str | None = None) -> Json:
        return await self._client._send(c.executions_cancel(execution_id, idempotency_key))

    async def wait(
        self, execution_id: str, *, poll_interval: float = 1.0, timeout: float | None = None
    ) -> Json:
        """Poll until the execution leaves its running statuses; TimeoutError after
        ``timeout`` seconds."""
        deadline = None if timeout is None else asyncio.get_running_loop().time() + timeout
        while True:
            execution = await self.get(execution_id)
            if execution.get("status") not in c.RUNNING_STATUSES:
                return execution
            if deadline is not None and asyncio.get_running_loop().time() + poll_interval > deadline:
                raise TimeoutError(f"execution {execution_id} still {execution.get('status')}")
            await asyncio.sleep(poll_interval)


class Workflows(Resource):
    async def list(self) -> Json:
        """The organization's workflows with their configurations."""
        return await self._client._send(c.workflows_list())


class Agents(Resource):
    async def list(self) -> Json:
        """The available agents with their capabilities."""
        return await self._client._send(c.agents_list())
