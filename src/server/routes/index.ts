import type { RouteDef } from '../route.js';
import { complianceAgentRoute } from './compliance/agent.js';
import { complianceOverallRoute } from './compliance/overall.js';
import { agentsListRoute } from './execution/agents.js';
import { executionCancelRoute } from './execution/cancel.js';
import { executeRoute } from './execution/execute.js';
import { executionGetRoute } from './execution/get.js';
import { workflowsListRoute } from './execution/workflows.js';
import { eventsGetRoute } from './events/get.js';
import { eventsIngestRoute } from './events/ingest.js';
import { eventsListRoute } from './events/list.js';
import { exportsDownloadRoute } from './exports/download.js';
import { findingsGetRoute } from './findings/get.js';
import { findingsListRoute } from './findings/list.js';
import { findingsUpdateRoute } from './findings/update.js';
import { gatewayChatRoute } from './gateway/chat-completions.js';
import { gatewayEmbeddingsRoute } from './gateway/embeddings.js';
import { gatewayModelsRoute } from './gateway/models.js';
import { gatewayResponsesRoute } from './gateway/responses.js';
import { healthRoute } from './health/health.js';
import { jobsCancelRoute } from './jobs/cancel.js';
import { jobsGetRoute } from './jobs/get.js';
import { jobsListRoute } from './jobs/list.js';
import { keysCreateRoute } from './keys/create.js';
import { keysListRoute } from './keys/list.js';
import { keysRevokeRoute } from './keys/revoke.js';
import { killSwitchActivateRoute } from './kill-switch/activate.js';
import { killSwitchDeactivateRoute } from './kill-switch/deactivate.js';
import { killSwitchStatusRoute } from './kill-switch/status.js';
import { ledgerHeadRoute } from './ledger/head.js';
import { ledgerProofRoute } from './ledger/proof.js';
import { ledgerVerifyRoute } from './ledger/verify.js';
import { overviewRoute } from './overview/overview.js';
import { sessionCreateRoute } from './session/create.js';
import { sessionDeleteRoute } from './session/delete.js';
import { sessionGetRoute } from './session/get.js';
import { sessionMethodsRoute } from './session/methods.js';
import { sessionOidcCallbackRoute } from './session/oidc-callback.js';
import { sessionOidcStartRoute } from './session/oidc-start.js';
import { openapiRoute } from './openapi/openapi.js';
import { otlpLogsRoute } from './otlp/logs.js';
import { otlpTracesRoute } from './otlp/traces.js';
import { packsBuildRoute } from './packs/build.js';
import { packsListRoute } from './packs/list.js';
import { policiesGetRoute } from './policies/get.js';
import { policiesUpdateRoute } from './policies/update.js';
import { reportsDownloadRoute } from './reports/download.js';
import { holdsAddRoute } from './retention/holds-add.js';
import { holdsListRoute } from './retention/holds-list.js';
import { holdsReleaseRoute } from './retention/holds-release.js';
import { retentionGetRoute } from './retention/get.js';
import { retentionUpdateRoute } from './retention/update.js';
import { alignmentEvaluateRoute } from './safety/alignment/evaluate.js';
import { alignmentEvaluateStatusRoute } from './safety/alignment/evaluate-status.js';
import { alignmentObjectivesRoute } from './safety/alignment/objectives.js';
import { alignmentObjectivesGetRoute } from './safety/alignment/objectives-get.js';
import { safetyGuardStatusRoute } from './safety/guard/status.js';
import { safetyModelAnalyzeRoute } from './safety/model/analyze.js';
import { safetyModelStatusRoute } from './safety/model/status.js';
import { reportsGenerateRoute } from './reports/generate.js';
import { reportsListRoute } from './reports/list.js';
import { reportsStatusRoute } from './reports/status.js';
import { safetyAssessmentRoute } from './safety/compliance/assessment.js';
import { safetyDocumentationRoute } from './safety/compliance/documentation.js';
import { safetyFrameworksRoute } from './safety/compliance/frameworks.js';
import { safetyMonitoringEventRoute } from './safety/monitoring/event.js';
import { safetyMonitoringMetricsRoute } from './safety/monitoring/metrics.js';
import { safetyMonitoringSessionRoute } from './safety/monitoring/session.js';
import { safetyTextRoute } from './safety/analysis/text.js';
import { safetyTokenCreateRoute } from './safety/auth/token-create.js';
import { safetyTokenRevokeRoute } from './safety/auth/token-revoke.js';
import { siemAddRoute } from './siem/add.js';
import { siemListRoute } from './siem/list.js';
import { siemRemoveRoute } from './siem/remove.js';
import { siemTestRoute } from './siem/test.js';
import { sourcesEventsRoute } from './sources/events.js';
import { sourcesCreateRoute } from './sources/create.js';
import { sourcesGetRoute } from './sources/get.js';
import { sourcesListRoute } from './sources/list.js';
import { sourcesRemoveRoute } from './sources/remove.js';
import { sourcesTestRoute } from './sources/test.js';
import { tracesAppendRoute } from './traces/append.js';
import { tracesGetRoute } from './traces/get.js';
import { tracesIngestRoute } from './traces/ingest.js';
import { tracesListRoute } from './traces/list.js';
import { usersCreateRoute } from './users/create.js';
import { usersListRoute } from './users/list.js';
import { usersRemoveRoute } from './users/remove.js';
import { usersResetPasswordRoute } from './users/reset-password.js';
import { usersSetRoleRoute } from './users/set-role.js';

/** Every route, served by both `evid serve` and `audit serve`. */
export const ROUTES: readonly RouteDef[] = [
  healthRoute,
  openapiRoute,
  tracesIngestRoute,
  tracesAppendRoute,
  tracesListRoute,
  tracesGetRoute,
  eventsIngestRoute,
  eventsListRoute,
  eventsGetRoute,
  findingsListRoute,
  findingsGetRoute,
  findingsUpdateRoute,
  packsBuildRoute,
  packsListRoute,
  exportsDownloadRoute,
  policiesGetRoute,
  policiesUpdateRoute,
  complianceOverallRoute,
  complianceAgentRoute,
  reportsGenerateRoute,
  reportsListRoute,
  reportsStatusRoute,
  reportsDownloadRoute,
  jobsListRoute,
  jobsGetRoute,
  jobsCancelRoute,
  killSwitchStatusRoute,
  killSwitchActivateRoute,
  killSwitchDeactivateRoute,
  otlpTracesRoute,
  otlpLogsRoute,
  sourcesEventsRoute,
  sourcesListRoute,
  sourcesCreateRoute,
  sourcesGetRoute,
  sourcesRemoveRoute,
  sourcesTestRoute,
  gatewayChatRoute,
  gatewayResponsesRoute,
  gatewayEmbeddingsRoute,
  gatewayModelsRoute,
  retentionGetRoute,
  retentionUpdateRoute,
  holdsListRoute,
  holdsAddRoute,
  holdsReleaseRoute,
  keysListRoute,
  keysCreateRoute,
  keysRevokeRoute,
  usersListRoute,
  usersCreateRoute,
  usersSetRoleRoute,
  usersResetPasswordRoute,
  usersRemoveRoute,
  siemListRoute,
  siemAddRoute,
  siemRemoveRoute,
  siemTestRoute,
  safetyModelAnalyzeRoute,
  safetyModelStatusRoute,
  safetyGuardStatusRoute,
  alignmentObjectivesRoute,
  alignmentObjectivesGetRoute,
  alignmentEvaluateRoute,
  alignmentEvaluateStatusRoute,
  executeRoute,
  executionGetRoute,
  executionCancelRoute,
  workflowsListRoute,
  agentsListRoute,
  safetyTokenCreateRoute,
  safetyTokenRevokeRoute,
  safetyTextRoute,
  safetyMonitoringSessionRoute,
  safetyMonitoringEventRoute,
  safetyMonitoringMetricsRoute,
  safetyAssessmentRoute,
  safetyFrameworksRoute,
  safetyDocumentationRoute,
  sessionCreateRoute,
  sessionGetRoute,
  sessionDeleteRoute,
  sessionMethodsRoute,
  sessionOidcStartRoute,
  sessionOidcCallbackRoute,
  overviewRoute,
  ledgerHeadRoute,
  ledgerProofRoute,
  ledgerVerifyRoute,
];
