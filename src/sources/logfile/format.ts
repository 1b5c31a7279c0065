import { ValidationError } from '../../errors.js';

/**
 * A log source's `format` option: how to read JSON lines of another shape. Each key is an
 * event or trace field, each value a dotted path into the line, e.g.
 *   {"session": "ctx.sid", "agent": "svc", "type": "kind", "timestamp": "ts",
 *    "prompt": "in", "completion": "out"}
 * Unmapped fields are left out (the line is not evidence beyond what is mapped); a field
 * a path does not reach is absent, and validation names it. Without a format, lines are
 * evid's own shapes (src/sources/sessions.ts).
 */
export type LineFormat = Record<string, string>;

/** Fields a format may map, with the names of the event or trace they fill. */
const TARGETS: Record<string, string> = {
  session: 'session_id',
  session_id: 'session_id',
  agent: 'agent',
  framework: 'framework',
  event_id: 'event_id',
  type: 'type',
  timestamp: 'timestamp',
  model: 'model',
  prompt: 'prompt',
  completion: 'completion',
  tokens_prompt: 'tokens_prompt',
  tokens_completion: 'tokens_completion',
  attributes: 'attributes',
};

/** The format option checked once per source; a bad one stops only that source. */
export function parseLineFormat(option: unknown): LineFormat | undefined {
  if (option === undefined || option === null) return undefined;
  if (typeof option !== 'object' || Array.isArray(option)) {
    throw new ValidationError('options.format: must be an object of field -> dotted path');
  }
  const format: LineFormat = {};
  for (const [key, path] of Object.entries(option)) {
    if (!(key in TARGETS)) {
      throw new ValidationError(
        `options.format.${key}: unknown field (known: ${Object.keys(TARGETS).join(', ')})`,
      );
    }
    if (typeof path !== 'string' || path === '') {
      throw new ValidationError(`options.format.${key}: must be a dotted path such as "ctx.sid"`);
    }
    format[key] = path;
  }
  return format;
}

function pick(value: unknown, path: string): unknown {
  let at = value;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** One line's value as an evid event carrying session_id and agent. */
export function applyLineFormat(value: unknown, format: LineFormat): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, path] of Object.entries(format)) {
    const v = pick(value, path);
    if (v !== undefined) out[TARGETS[key]!] = v;
  }
  return out;
}
