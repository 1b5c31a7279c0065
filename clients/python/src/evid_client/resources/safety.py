"""Seed 000's safety interface (``/v1/auth``, ``/v1/analysis``, ``/v1/alignment``,
``/v1/monitoring``, ``/v1/compliance``). Every POST carries an Idempotency-Key, so a retry never analyses,
opens or logs anything twice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from .. import types as t
from .._base_client import APIClient, AsyncAPIClient, Call, query, write
from .._exceptions import EvidError
from ._resource import AsyncResource, Json, Resource, as_list, drop_none


def _read(path: str, **params: Any) -> Call[Json]:
    return Call("GET", path, params=query(**params) or None)


def _post(path: str, body: Json, key: str | None = None) -> Call[Json]:
    return write("POST", path, body, key)


def token_revoke(token: str) -> Call[Json]:
    return Call("DELETE", "/v1/auth/token", json={"token": token})


def analysis_text(
    content: str, categories: Sequence[str] | None, threshold: float | None
) -> Call[Json]:
    body = drop_none(content=content, categories=as_list(categories), threshold=threshold)
    return _post("/v1/analysis/safety/text", body)


def analysis_model(
    model_url: str, test_suite: str | None, categories: Sequence[str] | None
) -> Call[t.ModelAnalysisRun]:
    body = drop_none(model_url=model_url, test_suite=test_suite, categories=as_list(categories))
    return write("POST", "/v1/analysis/safety/model", body, None)


def alignment_objectives(
    objectives: Sequence[Any], context: str | None, domain: str | None
) -> Call[t.AlignmentObjectiveSet]:
    body = drop_none(objectives=list(objectives), context=context, domain=domain)
    return write("POST", "/v1/alignment/objectives", body, None)


def alignment_evaluate(
    model_url: str, objectives: Sequence[Any], test_cases: Sequence[Mapping[str, Any]] | None
) -> Call[t.AlignmentEvaluationRun]:
    cases = [dict(c) for c in test_cases] if test_cases is not None else None
    body = drop_none(model_url=model_url, objectives=list(objectives), test_cases=cases)
    return write("POST", "/v1/alignment/evaluate", body, None)


def monitoring_session(
    system_id: str,
    monitoring_config: Mapping[str, Any] | None,
    alert_channels: Sequence[Mapping[str, Any]] | None,
    key: str | None,
) -> Call[t.PostV1MonitoringSessionResponse]:
    channels = [dict(c) for c in alert_channels] if alert_channels is not None else None
    config = dict(monitoring_config) if monitoring_config is not None else None
    body = drop_none(system_id=system_id, monitoring_config=config, alert_channels=channels)
    return write("POST", "/v1/monitoring/session", body, key)


def monitoring_event(
    session_id: str, event_type: str, event_data: Mapping[str, Any], key: str | None
) -> Call[t.PostV1MonitoringEventResponse]:
    body = {"session_id": session_id, "event_type": event_type, "event_data": dict(event_data)}
    return write("POST", "/v1/monitoring/event", body, key)


def monitoring_metrics(
    session_id: str, metrics: Sequence[str] | None, time_range: str | None
) -> Call[Json]:
    params = dict(session_id=session_id, metrics=as_list(metrics), time_range=time_range)
    return _read("/v1/monitoring/metrics", **params)


def compliance_assess(
    system_id: str,
    frameworks: Sequence[str],
    system_metadata: Mapping[str, Any] | None,
    key: str | None,
) -> Call[t.PostV1ComplianceAssessmentResponse]:
    metadata = dict(system_metadata) if system_metadata is not None else None
    body = drop_none(system_id=system_id, frameworks=list(frameworks), system_metadata=metadata)
    return write("POST", "/v1/compliance/assessment", body, key)


def compliance_frameworks(
    region: str | None, domain: str | None
) -> Call[t.GetV1ComplianceFrameworksResponse]:
    params = query(region=region, domain=domain) or None
    return Call("GET", "/v1/compliance/frameworks", params=params)


def compliance_documentation(
    assessment_id: str, document_type: str, format: str | None, key: str | None
) -> Call[Json]:
    body = drop_none(assessment_id=assessment_id, document_type=document_type, format=format)
    return _post("/v1/compliance/documentation", body, key)


class SafetyAuth(Resource):
    def token(self) -> Json:
        """Exchange the key id and secret for a fresh token (the client does this by itself
        when it has a secret; call it to hand a token to something else)."""
        return self._client._exchange_token()

    def revoke(self, token: str | None = None) -> Json:
        """Revoke ``token``, or the client's own token (the next safety call gets a new one)."""
        target = token or self._client._current_token()
        if target is None:
            raise EvidError("no token to revoke: none was given and the client holds none")
        answer = self._client._send(token_revoke(target))
        self._client._forget_token(target)
        return answer


class SafetyAnalysis(Resource):
    def text(
        self,
        content: str,
        *,
        categories: Sequence[str] | None = None,
        threshold: float | None = None,
    ) -> Json:
        """Category scores and concerns for a text (threshold 0..1, default 0.7)."""
        return self._client._send(analysis_text(content, categories, threshold))

    def model(
        self,
        model_url: str,
        *,
        test_suite: str | None = None,
        categories: Sequence[str] | None = None,
    ) -> t.ModelAnalysisRun:
        """Risk scores and recommendations for a model (URL or identifier); a run longer than
        20 s is answered while still running (poll its ``status_url``)."""
        return self._client._send(analysis_model(model_url, test_suite, categories))


class SafetyAlignment(Resource):
    def objectives(
        self, objectives: Sequence[Any], *, context: str | None = None, domain: str | None = None
    ) -> t.AlignmentObjectiveSet:
        return self._client._send(alignment_objectives(objectives, context, domain))

    def evaluate(
        self,
        model_url: str,
        objectives: Sequence[Any],
        *,
        test_cases: Sequence[Mapping[str, Any]] | None = None,
    ) -> t.AlignmentEvaluationRun:
        """Scores against objectives; test cases are {input, expected_properties}."""
        return self._client._send(alignment_evaluate(model_url, objectives, test_cases))


class SafetyMonitoring(Resource):
    def create_session(
        self,
        system_id: str,
        *,
        monitoring_config: Mapping[str, Any] | None = None,
        alert_channels: Sequence[Mapping[str, Any]] | None = None,
        idempotency_key: str | None = None,
    ) -> t.PostV1MonitoringSessionResponse:
        """Open a monitoring session; alert channels are {type: email|webhook, destination}."""
        return self._client._send(
            monitoring_session(system_id, monitoring_config, alert_channels, idempotency_key)
        )

    def log_event(
        self,
        session_id: str,
        event_type: str,
        event_data: Mapping[str, Any],
        *,
        idempotency_key: str | None = None,
    ) -> t.PostV1MonitoringEventResponse:
        """Log an event (inference: input, output, confidence, latency); lists alerts raised."""
        return self._client._send(
            monitoring_event(session_id, event_type, event_data, idempotency_key)
        )

    def metrics(
        self,
        session_id: str,
        *,
        metrics: Sequence[str] | None = None,
        time_range: str | None = None,
    ) -> Json:
        return self._client._send(monitoring_metrics(session_id, metrics, time_range))


class SafetyCompliance(Resource):
    def assess(
        self,
        system_id: str,
        frameworks: Sequence[str],
        *,
        system_metadata: Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> t.PostV1ComplianceAssessmentResponse:
        return self._client._send(
            compliance_assess(system_id, frameworks, system_metadata, idempotency_key)
        )

    def frameworks(
        self, *, region: str | None = None, domain: str | None = None
    ) -> t.GetV1ComplianceFrameworksResponse:
        return self._client._send(compliance_frameworks(region, domain))

    def documentation(
        self,
        assessment_id: str,
        document_type: str,
        *,
        format: Literal["pdf", "docx", "html"] | None = None,
        idempotency_key: str | None = None,
    ) -> Json:
        return self._client._send(
            compliance_documentation(assessment_id, document_type, format, idempotency_key)
        )


class Safety(Resource):
    """Seed 000's safety interface (``/v1``). With an ``api_secret`` the client exchanges it
    for a token (POST /v1/auth/token) and renews it before it expires or when refused."""

    def __init__(self, client: APIClient) -> None:
        super().__init__(client)
        self.auth = SafetyAuth(client)
        self.analysis = SafetyAnalysis(client)
        self.alignment = SafetyAlignment(client)
        self.monitoring = SafetyMonitoring(client)
        self.compliance = SafetyCompliance(client)


# --- async twin: generated by scripts/generate_async.py from the code above; do not edit ---


class AsyncSafetyAuth(AsyncResource):
    async def token(self) -> Json:
        """Exchange the key id and secret for a fresh token (the client does this by itself
        when it has a secret; call it to hand a token to something else)."""
        return await self._client._exchange_token()

    async def revoke(self, token: str | None = None) -> Json:
        """Revoke ``token``, or the client's own token (the next safety call gets a new one)."""
        target = token or self._client._current_token()
        if target is None:
            raise EvidError("no token to revoke: none was given and the client holds none")
        answer = await self._client._send(token_revoke(target))
        self._client._forget_token(target)
        return answer


class AsyncSafetyAnalysis(AsyncResource):
    async def text(
        self,
        content: str,
        *,
        categories: Sequence[str] | None = None,
        threshold: float | None = None,
    ) -> Json:
        """Category scores and concerns for a text (threshold 0..1, default 0.7)."""
        return await self._client._send(analysis_text(content, categories, threshold))

    async def model(
        self,
        model_url: str,
        *,
        test_suite: str | None = None,
        categories: Sequence[str] | None = None,
    ) -> t.ModelAnalysisRun:
        """Risk scores and recommendations for a model (URL or identifier); a run longer than
        20 s is answered while still running (poll its ``status_url``)."""
        return await self._client._send(analysis_model(model_url, test_suite, categories))


class AsyncSafetyAlignment(AsyncResource):
    async def objectives(
        self, objectives: Sequence[Any], *, context: str | None = None, domain: str | None = None
    ) -> t.AlignmentObjectiveSet:
        return await self._client._send(alignment_objectives(objectives, context, domain))

    async def evaluate(
        self,
        model_url: str,
        objectives: Sequence[Any],
        *,
        test_cases: Sequence[Mapping[str, Any]] | None = None,
    ) -> t.AlignmentEvaluationRun:
        """Scores against objectives; test cases are {input, expected_properties}."""
        return await self._client._send(alignment_evaluate(model_url, objectives, test_cases))


class AsyncSafetyMonitoring(AsyncResource):
    async def create_session(
        self,
        system_id: str,
        *,
        monitoring_config: Mapping[str, Any] | None = None,
        alert_channels: Sequence[Mapping[str, Any]] | None = None,
        idempotency_key: str | None = None,
    ) -> t.PostV1MonitoringSessionResponse:
        """Open a monitoring session; alert channels are {type: email|webhook, destination}."""
        return await self._client._send(
            monitoring_session(system_id, monitoring_config, alert_channels, idempotency_key)
        )

    async def log_event(
        self,
        session_id: str,
        event_type: str,
        event_data: Mapping[str, Any],
        *,
        idempotency_key: str | None = None,
    ) -> t.PostV1MonitoringEventResponse:
        """Log an event (inference: input, output, confidence, latency); lists alerts raised."""
        return await self._client._send(
            monitoring_event(session_id, event_type, event_data, idempotency_key)
        )

    async def metrics(
        self,
        session_id: str,
        *,
        metrics: Sequence[str] | None = None,
        time_range: str | None = None,
    ) -> Json:
        return await self._client._send(monitoring_metrics(session_id, metrics, time_range))


class AsyncSafetyCompliance(AsyncResource):
    async def assess(
        self,
        system_id: str,
        frameworks: Sequence[str],
        *,
        system_metadata: Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> t.PostV1ComplianceAssessmentResponse:
        return await self._client._send(
            compliance_assess(system_id, frameworks, system_metadata, idempotency_key)
        )

    async def frameworks(
        self, *, region: str | None = None, domain: str | None = None
    ) -> t.GetV1ComplianceFrameworksResponse:
        return await self._client._send(compliance_frameworks(region, domain))

    async def documentation(
        self,
        assessment_id: str,
        document_type: str,
        *,
        format: Literal["pdf", "docx", "html"] | None = None,
        idempotency_key: str | None = None,
    ) -> Json:
        return await self._client._send(
            compliance_documentation(assessment_id, document_type, format, idempotency_key)
        )


class AsyncSafety(AsyncResource):
    """Seed 000's safety interface (``/v1``). With an ``api_secret`` the client exchanges it
    for a token (POST /v1/auth/token) and renews it before it expires or when refused."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.auth = AsyncSafetyAuth(client)
        self.analysis = AsyncSafetyAnalysis(client)
        self.alignment = AsyncSafetyAlignment(client)
        self.monitoring = AsyncSafetyMonitoring(client)
        self.compliance = AsyncSafetyCompliance(client)
