import type { GuardConfig, Policy } from '../types.js';
import { MODERATION_HAZARD, hazardOf, type Hazard } from './categories.js';
import { llamaGuardPrompt, parseLlamaGuardAnswer, type GuardRole } from './prompt.js';

/**
 * `guardText`: asks the configured guard model about one text. Used by the background pass
 * over ingested events (worker.ts), by model analysis and by text analysis. It never
 * throws for a slow, down or confused guard: the caller gets `{ ok: false, error }` and
 * decides (ingest counts and logs it; the routes report it), so nothing waits on a guard
 * longer than its timeout.
 */

export interface GuardVerdict {
  ok: true;
  /** The configured model, named as the detector (`guard:<model>`). */
  detector: string;
  safe: boolean;
  /** The configured hazards the guard named; an `unsafe` with none named lists none. */
  hazards: Hazard[];
}

export interface GuardFailure {
  ok: false;
  detector: string;
  /** `timeout`, `down` (refused, 5xx, network) or `bad_answer` (not the expected format). */
  reason: 'timeout' | 'down' | 'bad_answer';
  error: string;
}

export type GuardResult = GuardVerdict | GuardFailure;

export interface GuardOptions {
  /** Whose words the text is: a prompt (user, default) or a model's answer (assistant). */
  role?: GuardRole;
  /** Environment for `api_key_env` (default process.env). */
  env?: NodeJS.ProcessEnv;
}

export type { GuardRole } from './prompt.js';

export const guardDetector = (guard: GuardConfig): string => `guard:${guard.model}`;

/**
 * Takes the live policy (null when it configures no guard: nothing to ask) or a guard's
 * configuration itself.
 */
export async function guardText(
  text: string,
  config: GuardConfig,
  options?: GuardOptions,
): Promise<GuardResult>;
export async function guardText(
  text: string,
  config: Policy | GuardConfig,
  options?: GuardOptions,
): Promise<GuardResult | null>;
export async function guardText(
  text: string,
  config: Policy | GuardConfig,
  options: GuardOptions = {},
): Promise<GuardResult | null> {
  const guard = 'endpoint' in config ? config : config.guard;
  if (!guard) return null;
  const detector = guardDetector(guard);
  const role = options.role ?? 'user';
  const request = buildRequest(text, role, guard);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = guard.api_key_env ? (options.env ?? process.env)[guard.api_key_env] : undefined;
  if (key) headers.authorization = `Bearer ${key}`;
  let body: unknown;
  try {
    const res = await fetch(`${guard.endpoint}${request.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(guard.timeout_ms),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, detector, reason: 'down', error: `guard answered HTTP ${res.status}` };
    }
    body = await res.json();
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') {
      return {
        ok: false,
        detector,
        reason: 'timeout',
        error: `guard gave no answer within ${guard.timeout_ms} ms`,
      };
    }
    return { ok: false, detector, reason: 'down', error: `guard unreachable: ${e.message}` };
  }
  const verdict = guard.format === 'openai-moderation' ? readModeration(body) : readLlama(body);
  if (!verdict) {
    return {
      ok: false,
      detector,
      reason: 'bad_answer',
      error: `guard answer is not in the ${guard.format} format`,
    };
  }
  const hazards = verdict.codes
    .filter((c) => guard.categories.includes(c))
    .map((c) => hazardOf(c))
    .filter((x): x is Hazard => x !== undefined);
  // An unsafe verdict limited to hazards the policy does not count is safe for evid.
  const safe = verdict.safe || (verdict.codes.length > 0 && hazards.length === 0);
  return { ok: true, detector, safe, hazards: safe ? [] : hazards };
}

function buildRequest(
  text: string,
  role: GuardRole,
  guard: GuardConfig,
): { path: string; body: unknown } {
  if (guard.format === 'openai-moderation') {
    return { path: '/moderations', body: { model: guard.model, input: text } };
  }
  if (guard.format === 'llama-guard-3-completions') {
    return {
      path: '/completions',
      body: {
        model: guard.model,
        prompt: llamaGuardPrompt(text, role, guard.categories),
        max_tokens: 20,
        temperature: 0,
      },
    };
  }
  // Llama Guard judges the last message; an answer is judged after the user turn it follows.
  const messages =
    role === 'user'
      ? [{ role: 'user', content: text }]
      : [
          { role: 'user', content: '(the request is not shown)' },
          { role: 'assistant', content: text },
        ];
  return {
    path: '/chat/completions',
    body: { model: guard.model, messages, max_tokens: 20, temperature: 0 },
  };
}

type Raw = { safe: boolean; codes: string[] } | undefined;

function readLlama(body: unknown): Raw {
  const choice = (body as { choices?: Array<Record<string, unknown>> })?.choices?.[0];
  const message = choice?.message as { content?: unknown } | undefined;
  const text = typeof message?.content === 'string' ? message.content : choice?.text;
  if (typeof text !== 'string') return undefined;
  const parsed = parseLlamaGuardAnswer(text);
  if (!parsed) return undefined;
  return parsed.safe ? { safe: true, codes: [] } : { safe: false, codes: parsed.codes };
}

function readModeration(body: unknown): Raw {
  const result = (body as { results?: Array<Record<string, unknown>> })?.results?.[0];
  if (!result || typeof result.flagged !== 'boolean') return undefined;
  if (!result.flagged) return { safe: true, codes: [] };
  const cats = (result.categories ?? {}) as Record<string, unknown>;
  const codes = Object.entries(cats)
    .filter(([name, on]) => on === true && MODERATION_HAZARD[name] !== undefined)
    .map(([name]) => MODERATION_HAZARD[name] as string);
  return { safe: false, codes: [...new Set(codes)] };
}
