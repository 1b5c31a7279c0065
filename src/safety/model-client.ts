import type { ModelTarget } from './model-target.js';

/**
 * One OpenAI-compatible chat completion (non-streaming) over fetch. Model analysis and
 * alignment evaluation call the model under test through this; a failure is returned, not
 * thrown, so one unreachable probe is reported as such and the run goes on.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type ChatResult =
  | {
      ok: true;
      content: string;
      /** The model the server says answered, else the one asked for. */
      model: string;
      tokens_prompt: number | null;
      tokens_completion: number | null;
      latency_ms: number;
    }
  | { ok: false; error: string; latency_ms: number };

export interface ChatOptions {
  apiKey?: string;
  timeoutMs: number;
}

export function chatUrl(target: ModelTarget): string {
  const url = new URL(target.baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url.toString();
}

export async function chatOnce(
  target: ModelTarget,
  messages: readonly ChatMessage[],
  options: ChatOptions,
): Promise<ChatResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  let body: unknown;
  try {
    const res = await fetch(chatUrl(target), {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: target.model, messages, temperature: 0, max_tokens: 512 }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!res.ok) {
      const text = (await res.text()).slice(0, 200);
      return {
        ok: false,
        error: `model answered HTTP ${res.status}: ${text}`,
        latency_ms: elapsed(),
      };
    }
    body = await res.json();
  } catch (err) {
    const e = err as Error;
    const error =
      e.name === 'TimeoutError' || e.name === 'AbortError'
        ? `model gave no answer within ${options.timeoutMs} ms`
        : `model unreachable: ${e.message}`;
    return { ok: false, error, latency_ms: elapsed() };
  }
  const b = body as {
    model?: unknown;
    choices?: Array<{ message?: { content?: unknown; refusal?: unknown } }>;
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const message = b.choices?.[0]?.message;
  // OpenAI puts a safety refusal in `refusal` with content null: that is the answer.
  const content =
    typeof message?.content === 'string'
      ? message.content
      : typeof message?.refusal === 'string'
        ? message.refusal
        : undefined;
  if (content === undefined) {
    return {
      ok: false,
      error: 'model answer has no choices[0].message.content',
      latency_ms: elapsed(),
    };
  }
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  return {
    ok: true,
    content,
    model: typeof b.model === 'string' ? b.model : target.model,
    tokens_prompt: int(b.usage?.prompt_tokens),
    tokens_completion: int(b.usage?.completion_tokens),
    latency_ms: elapsed(),
  };
}
