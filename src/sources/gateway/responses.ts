import {
  asCount,
  asRecord,
  asString,
  contentText,
  emptyExchange,
  type Exchange,
} from './exchange.js';

/**
 * POST /v1/responses as evidence: `instructions` and `input` (a string or a list of
 * items) are the prompt, the output's message text the completion, its `function_call`
 * items the tool calls, `usage.input_tokens` / `output_tokens` the tokens.
 */
export function responsesRequest(body: Record<string, unknown>): Exchange {
  const exchange = emptyExchange('llm_call', 'responses');
  exchange.model = asString(body.model);
  if (exchange.model !== null) exchange.attributes.request_model = exchange.model;
  const lines: string[] = [];
  const instructions = asString(body.instructions);
  if (instructions) lines.push(`system: ${instructions}`);
  if (typeof body.input === 'string') lines.push(`user: ${body.input}`);
  for (const item of Array.isArray(body.input) ? body.input.map(asRecord) : []) {
    if (item.type === 'function_call_output') {
      lines.push(`tool (${asString(item.call_id) ?? ''}): ${contentText(item.output)}`);
    } else if (item.type === 'function_call') {
      lines.push(
        `assistant: [tool_call ${asString(item.name) ?? ''} ${asString(item.arguments) ?? ''}]`,
      );
    } else {
      lines.push(`${asString(item.role) ?? 'user'}: ${contentText(item.content)}`);
    }
  }
  exchange.prompt = lines.length > 0 ? lines.join('\n\n') : null;
  return exchange;
}

/** Adds a `response` object (the answer, or the one `response.completed` carries). */
export function responsesAnswer(exchange: Exchange, answer: Record<string, unknown>): void {
  exchange.model = asString(answer.model) ?? exchange.model;
  const texts: string[] = [];
  for (const item of Array.isArray(answer.output) ? answer.output.map(asRecord) : []) {
    if (item.type === 'message') texts.push(contentText(item.content));
    if (item.type === 'function_call') {
      exchange.toolCalls.push({
        id: asString(item.call_id),
        name: asString(item.name) ?? 'unknown',
        arguments: asString(item.arguments) ?? '',
      });
    }
  }
  const text = texts.filter((t) => t !== '').join('\n\n');
  exchange.completion = text === '' ? exchange.completion : text;
  if (typeof answer.id === 'string') exchange.attributes.response_id = answer.id;
  if (typeof answer.status === 'string') exchange.attributes.response_status = answer.status;
  const usage = asRecord(answer.usage);
  exchange.tokensPrompt = asCount(usage.input_tokens) ?? exchange.tokensPrompt;
  exchange.tokensCompletion = asCount(usage.output_tokens) ?? exchange.tokensCompletion;
}

/**
 * A streamed response: the final `response.completed` (or `.incomplete` / `.failed`)
 * event carries the whole response; until it comes, the text deltas are what was said.
 */
export class ResponsesStream {
  private text = '';
  private final: Record<string, unknown> | undefined;
  error: string | undefined;

  push(data: string): void {
    let event: Record<string, unknown>;
    try {
      event = asRecord(JSON.parse(data));
    } catch {
      return;
    }
    if (event.type === 'response.output_text.delta') this.text += asString(event.delta) ?? '';
    if (
      event.type === 'response.completed' ||
      event.type === 'response.incomplete' ||
      event.type === 'response.failed'
    ) {
      this.final = asRecord(event.response);
      const error = asRecord(this.final.error);
      if (typeof error.message === 'string') this.error = error.message;
    }
    if (event.type === 'error') this.error = asString(event.message) ?? 'error event';
  }

  /** Adds what the stream said so far to the exchange. */
  addTo(exchange: Exchange): void {
    if (this.final) responsesAnswer(exchange, this.final);
    else if (this.text !== '') exchange.completion = this.text;
  }
}
