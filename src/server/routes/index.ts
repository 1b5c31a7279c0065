import type { RouteDef } from '../route.js';
import { complianceAgentRoute } from './compliance/agent.js';
import { complianceOverallRoute } from './compliance/overall.js';
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
import { otlpTracesRoute } from './otlp/traces.js';
import { packsBuildRoute } from './packs/build.js';
import { packsListRoute } from './packs/list.js';
import { policiesGetRoute } from './policies/get.js';
import { policiesUpdateRoute } from './policies/update.js';
import { reportsDownloadRoute } from './reports/download.js';
import { retentionGetRoute } from './retention/get.js';
import { retentionUpdateRoute } from './retention/update.js';
import { reportsGenerateRoute } from './reports/generate.js';
import { reportsListRoute } from './reports/list.js';
import { reportsStatusRoute } from './reports/status.js';
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
  killSwitchStatusRoute,
  killSwitchActivateRoute,
  killSwitchDeactivateRoute,
  otlpTracesRoute,
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
