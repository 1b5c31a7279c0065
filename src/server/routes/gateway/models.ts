import { defineRoute } from '../../route.js';
import { GATEWAY_DESCRIPTION, gatewayHandler, gatewaySchema } from './handler.js';

export const gatewayModelsRoute = defineRoute({
  method: 'GET',
  url: '/gateway/:id/v1/models',
  summary: "the upstream's model list, through the recording gateway (not recorded)",
  description: GATEWAY_DESCRIPTION,
  tag: 'gateway',
  auth: 'ingest',
  credential: 'x-evid-key',
  schema: gatewaySchema,
  handler: gatewayHandler({ path: 'models' }),
});
