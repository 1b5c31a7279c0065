import type { SessionInput } from '../../ingest/append.js';
import type { CallIdentity } from './call.js';

/**
 * One proxied call as evidence, whatever its API (chat completions, responses,
 * embeddings): what was asked, what came back, and how the call ended. The mappers
 * (chat.ts, responses.ts, embeddings.ts) fill it; `exchangeSession` turns it into the
 * session of events handed to the ingest pipeline.
 */
export interface Exchange {
  /** `llm_call` or `embeddings`. */
  type: string;
  /** The API path under /v1 (`chat/completions`, `responses`, `embeddings`). */
  endpoint: string;
  model: string | null;
  /** The request's messages as text the detectors scan (role: content per line). */
  prompt: string | null;
  completion: string | null;
  tokensPrompt: number | null;
  tokensCompletion: number | null;
  toolCalls: ToolCall[];
  /** Other facts worth keeping (finish_reason, request model, upstream ids). */
  attributes: Record<string, unknown>;
}

export interface ToolCall {
  id: string | null;
  name: string;
  arguments: string;
}

/** How the call ended, beyond what the answer says. */
export interface Outcome {
  /** The upstream's HTTP status; null when it gave none (down, timeout). */
  status: number | null;
  error?: string;
  stream: boolean;
  /** The client went away (or the upstream stopped) before the answer was complete. */
  interrupted?: boolean;
  startedAt: string;
  endedAt: string;
}

export function emptyExchange(type: string, endpoint: string): Exchange {
  return {
    type,
    endpoint,
    model: null,
    prompt: null,
    completion: null,
    tokensPrompt: null,
    tokensCompletion: null,
    toolCalls: [],
    attributes: {},
  };
}

/**
 * The session of events for one call: the call itself (`gw_<request id>_0`), then each tool
 * call the model asked for (`_1`, `_2`, ...). Ids derive from the gateway's request id, so
 * recording the same call twice adds nothing.
 */
export function exchangeSession(
  call: CallIdentity,
  exchange: Exchange,
  outcome: Outcome,
): SessionInput {
  const main: Record<string, unknown> = {
    ...exchange.attributes,
    event_id: `gw_${call.requestId}_0`,
    type: exchange.type,
    timestamp: outcome.startedAt,
    model: exchange.model,
    prompt: exchange.prompt,
    completion: exchange.completion,
    tokens_prompt: exchange.tokensPrompt,
    tokens_completion: exchange.tokensCompletion,
    endpoint: exchange.endpoint,
    status: outcome.status,
    stream: outcome.stream,
    ...(outcome.error !== undefined ? { error: outcome.error } : {}),
    ...(outcome.interrupted ? { interrupted: true } : {}),
    ended_at: outcome.endedAt,
  };
  const tools = exchange.toolCalls.map((t, i) => ({
    event_id: `gw_${call.requestId}_${i + 1}`,
    type: 'tool_call',
    timestamp: outcome.endedAt,
    model: exchange.model,
    tool_name: t.name,
    tool_call_id: t.id,
    arguments: t.arguments,
  }));
  return {
    session_id: call.sessionId,
    agent: call.agent,
    framework: 'openai-api',
    events: [main, ...tools],
  };
}

/** Text of message content: a string, or the text of its parts (images are named, not kept). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content == null ? '' : JSON.stringify(content);
  return content
    .map((part: unknown) => {
      if (typeof part === 'string') return part;
      const p = part as Record<string, unknown> | null;
      if (!p || typeof p !== 'object') return '';
      for (const key of ['text', 'refusal', 'output']) {
        if (typeof p[key] === 'string') return p[key];
      }
      return typeof p.type === 'string' ? `[${p.type}]` : '';
    })
    .filter((t) => t !== '')
    .join('\n');
}

export const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export const asString = (value: unknown): string | null =>
  typeof value === 'string' ? value : null;

export const asCount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** The request body as JSON, or {} when it is not (the upstream will say what is wrong). */
export function parseJson(bytes: Buffer | string | undefined): Record<string, unknown> {
  if (bytes === undefined || bytes.length === 0) return {};
  try {
    return asRecord(JSON.parse(bytes.toString()));
  } catch {
    return {};
  }
}

/** The message of an OpenAI-shaped error body, else the body's text (bounded). */
export function errorMessage(body: string): string {
  const error = asRecord(parseJson(body).error);
  const message = asString(error.message);
  return message ?? body.slice(0, 1000);
}
