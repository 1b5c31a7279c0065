import {
  responsesAnswer,
  responsesRequest,
  ResponsesStream,
} from '../../../sources/gateway/responses.js';
import { defineRoute } from '../../route.js';
import { GATEWAY_DESCRIPTION, gatewayDocs, gatewayHandler, gatewaySchema } from './handler.js';

export const gatewayResponsesRoute = defineRoute({
  method: 'POST',
  url: '/gateway/:id/v1/responses',
  summary: 'OpenAI responses through the recording gateway (streaming or not)',
  description: `${GATEWAY_DESCRIPTION} Recorded as an llm_call event and one tool_call event per function call in the output.`,
  tag: 'gateway',
  auth: 'ingest',
  credential: 'x-evid-key',
  rawBody: true,
  schema: gatewaySchema,
  docs: gatewayDocs,
  handler: gatewayHandler({
    path: 'responses',
    request: responsesRequest,
    answer: responsesAnswer,
    stream: () => new ResponsesStream(),
  }),
});
