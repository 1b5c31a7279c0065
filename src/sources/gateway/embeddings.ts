import { asCount, asRecord, asString, emptyExchange, type Exchange } from './exchange.js';

/**
 * POST /v1/embeddings as evidence: the input texts are the prompt (token arrays are
 * counted, not kept); the vectors are not evidence and are not stored.
 */
export function embeddingsRequest(body: Record<string, unknown>): Exchange {
  const exchange = emptyExchange('embeddings', 'embeddings');
  exchange.model = asString(body.model);
  const input = Array.isArray(body.input) ? body.input : [body.input];
  const texts = input.filter((t): t is string => typeof t === 'string');
  exchange.prompt = texts.length > 0 ? texts.join('\n\n') : null;
  exchange.attributes.inputs = input.length;
  return exchange;
}

export function embeddingsAnswer(exchange: Exchange, answer: Record<string, unknown>): void {
  exchange.model = asString(answer.model) ?? exchange.model;
  exchange.tokensPrompt = asCount(asRecord(answer.usage).prompt_tokens);
}
