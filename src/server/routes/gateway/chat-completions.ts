import { chatAnswer, chatRequest, ChatStream } from '../../../sources/gateway/chat.js';
import { defineRoute } from '../../route.js';
import { GATEWAY_DESCRIPTION, gatewayDocs, gatewayHandler, gatewaySchema } from './handler.js';

export const gatewayChatRoute = defineRoute({
  method: 'POST',
  url: '/gateway/:id/v1/chat/completions',
  summary: 'OpenAI chat completions through the recording gateway (streaming or not)',
  description: `${GATEWAY_DESCRIPTION} Recorded as an llm_call event (model, messages, answer, tokens) and one tool_call event per tool call in the answer.`,
  tag: 'gateway',
  auth: 'ingest',
  credential: 'x-evid-key',
  rawBody: true,
  schema: gatewaySchema,
  docs: gatewayDocs,
  handler: gatewayHandler({
    path: 'chat/completions',
    request: chatRequest,
    answer: chatAnswer,
    stream: () => new ChatStream(),
  }),
});
