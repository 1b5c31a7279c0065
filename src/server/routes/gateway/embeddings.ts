import { embeddingsAnswer, embeddingsRequest } from '../../../sources/gateway/embeddings.js';
import { defineRoute } from '../../route.js';
import { GATEWAY_DESCRIPTION, gatewayDocs, gatewayHandler, gatewaySchema } from './handler.js';

export const gatewayEmbeddingsRoute = defineRoute({
  method: 'POST',
  url: '/gateway/:id/v1/embeddings',
  summary: 'OpenAI embeddings through the recording gateway',
  description: `${GATEWAY_DESCRIPTION} Recorded as an embeddings event (model, input texts, tokens; not the vectors).`,
  tag: 'gateway',
  auth: 'ingest',
  credential: 'x-evid-key',
  rawBody: true,
  schema: gatewaySchema,
  docs: gatewayDocs,
  handler: gatewayHandler({
    path: 'embeddings',
    request: embeddingsRequest,
    answer: embeddingsAnswer,
  }),
});
