import {
  asCount,
  asRecord,
  asString,
  contentText,
  emptyExchange,
  type Exchange,
  type ToolCall,
} from './exchange.js';

/**
 * POST /v1/chat/completions as evidence. The prompt is the request's messages, one
 * `role: content` block each (assistant tool calls and tool results included, so an
 * injection carried back in a tool result is scanned too); the completion is the answer's
 * text; each tool call the model asked for becomes its own event.
 */
export function chatRequest(body: Record<string, unknown>): Exchange {
  const exchange = emptyExchange('llm_call', 'chat/completions');
  exchange.model = asString(body.model);
  if (exchange.model !== null) exchange.attributes.request_model = exchange.model;
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const lines = messages.map((m: unknown) => messageText(asRecord(m)));
  exchange.prompt = lines.length > 0 ? lines.join('\n\n') : null;
  if (Array.isArray(body.tools)) {
    exchange.attributes.tools_offered = body.tools
      .map((t: unknown) => asString(asRecord(asRecord(t).function).name))
      .filter((n): n is string => n !== null);
  }
  return exchange;
}

function messageText(m: Record<string, unknown>): string {
  const role = asString(m.role) ?? 'unknown';
  const who =
    role === 'tool' && typeof m.tool_call_id === 'string' ? `tool (${m.tool_call_id})` : role;
  const parts = [contentText(m.content)];
  if (Array.isArray(m.tool_calls)) {
    for (const call of m.tool_calls) {
      const fn = asRecord(asRecord(call).function);
      parts.push(`[tool_call ${asString(fn.name) ?? ''} ${asString(fn.arguments) ?? ''}]`);
    }
  }
  return `${who}: ${parts.filter((p) => p !== '').join('\n')}`;
}

/** Adds a `chat.completion` answer (or one assembled from a stream) to the exchange. */
export function chatAnswer(exchange: Exchange, answer: Record<string, unknown>): void {
  exchange.model = asString(answer.model) ?? exchange.model;
  const choices = (Array.isArray(answer.choices) ? answer.choices : []).map(asRecord);
  const texts: string[] = [];
  const reasons: string[] = [];
  for (const choice of choices) {
    const message = asRecord(choice.message);
    const text = contentText(message.content) || (asString(message.refusal) ?? '');
    if (text !== '') texts.push(text);
    const reason = asString(choice.finish_reason);
    if (reason !== null) reasons.push(reason);
    for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      exchange.toolCalls.push(toolCall(asRecord(call)));
    }
  }
  exchange.completion = texts.length > 0 ? texts.join('\n\n') : null;
  if (reasons.length > 0) exchange.attributes.finish_reason = reasons.join(',');
  if (typeof answer.id === 'string') exchange.attributes.response_id = answer.id;
  const usage = asRecord(answer.usage);
  exchange.tokensPrompt = asCount(usage.prompt_tokens) ?? exchange.tokensPrompt;
  exchange.tokensCompletion = asCount(usage.completion_tokens) ?? exchange.tokensCompletion;
}

function toolCall(call: Record<string, unknown>): ToolCall {
  const fn = asRecord(call.function);
  return {
    id: asString(call.id),
    name: asString(fn.name) ?? 'unknown',
    arguments: asString(fn.arguments) ?? '',
  };
}

interface ChoiceSoFar {
  content: string;
  refusal: string;
  finish_reason: string | null;
  tools: Array<{ id: string | null; name: string; arguments: string }>;
}

/**
 * Assembles `chat.completion.chunk`s into the `chat.completion` they add up to: content
 * and tool-call arguments are concatenated from the deltas (a tool call's deltas share
 * its `index`; its id and name come in the first), usage comes from the final chunk
 * (`stream_options.include_usage`, whose `choices` is empty).
 */
export class ChatStream {
  private readonly choices = new Map<number, ChoiceSoFar>();
  private model: string | null = null;
  private id: string | null = null;
  private usage: unknown = null;
  /** An error event inside the stream (`data: {"error": ...}`). */
  error: string | undefined;

  push(data: string): void {
    if (data === '[DONE]') return;
    let chunk: Record<string, unknown>;
    try {
      chunk = asRecord(JSON.parse(data));
    } catch {
      return;
    }
    if (chunk.error !== undefined) {
      this.error = asString(asRecord(chunk.error).message) ?? JSON.stringify(chunk.error);
      return;
    }
    this.model = asString(chunk.model) ?? this.model;
    this.id = asString(chunk.id) ?? this.id;
    if (chunk.usage) this.usage = chunk.usage;
    for (const c of Array.isArray(chunk.choices) ? chunk.choices : []) this.pushChoice(asRecord(c));
  }

  private pushChoice(c: Record<string, unknown>): void {
    const index = asCount(c.index) ?? 0;
    let so = this.choices.get(index);
    if (!so) {
      so = { content: '', refusal: '', finish_reason: null, tools: [] };
      this.choices.set(index, so);
    }
    const delta = asRecord(c.delta);
    so.content += asString(delta.content) ?? '';
    so.refusal += asString(delta.refusal) ?? '';
    so.finish_reason = asString(c.finish_reason) ?? so.finish_reason;
    for (const t of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) {
      const call = asRecord(t);
      const at = asCount(call.index) ?? so.tools.length;
      const fn = asRecord(call.function);
      const tool = (so.tools[at] ??= { id: null, name: '', arguments: '' });
      tool.id = asString(call.id) ?? tool.id;
      tool.name += asString(fn.name) ?? '';
      tool.arguments += asString(fn.arguments) ?? '';
    }
  }

  /** Adds what the chunks so far say to the exchange. */
  addTo(exchange: Exchange): void {
    chatAnswer(exchange, this.answer());
  }

  /** The `chat.completion` the chunks so far add up to. */
  answer(): Record<string, unknown> {
    const choices = [...this.choices.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, so]) => ({
        index,
        finish_reason: so.finish_reason,
        message: {
          role: 'assistant',
          content: so.content === '' ? null : so.content,
          ...(so.refusal ? { refusal: so.refusal } : {}),
          tool_calls: so.tools
            .filter((t) => t !== undefined)
            .map((t) => ({
              id: t.id,
              type: 'function',
              function: { name: t.name, arguments: t.arguments },
            })),
        },
      }));
    return {
      id: this.id,
      object: 'chat.completion',
      model: this.model,
      choices,
      usage: this.usage,
    };
  }
}
