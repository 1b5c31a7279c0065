import { ValidationError } from '../errors.js';
import type { SessionInput } from '../ingest/append.js';

/**
 * How a log file source reads its lines (`sources.options.format`, docs/sources.md):
 * - `ndjson` (the default): each line is an event carrying `session_id` and `agent`, or a
 *   whole trace (`{session_id, agent, events: [...]}`).
 * - a mapping from event fields to dotted paths into each line, for other JSON line shapes:
 *   `{"session":"ctx.sid","agent":"svc","type":"kind","timestamp":"ts","prompt":"in"}`.
 * Validated once when the source is added, so a tailer never meets a format it cannot read.
 */
export type LogFormat = 'ndjson' | Readonly<Record<MappedField, string | undefined>>;

/** The fields a mapping may name, and which it must (what every event needs). */
export const MAPPED_FIELDS = [
  'session',
  'agent',
  'type',
  'timestamp',
  'event_id',
  'framework',
  'model',
  'prompt',
  'completion',
  'tokens_prompt',
  'tokens_completion',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
const REQUIRED: readonly MappedField[] = ['session', 'agent', 'type', 'timestamp'];

const PATH = /^[A-Za-z0-9_$@-]+(\.[A-Za-z0-9_$@-]+)*$/;

/**
 * Checks a format as given (the text of `--format`, or the JSON value of a REST body) and
 * returns what is stored. `field` names it in errors (`--format`, `options.format`).
 */
export function parseLogFormat(value: unknown, field: string): LogFormat {
  if (value === undefined || value === 'ndjson') return 'ndjson';
  let mapping: unknown = value;
  if (typeof value === 'string') {
    try {
      mapping = JSON.parse(value) as unknown;
    } catch {
      throw new ValidationError(
        `${field}: expected ndjson or a JSON object mapping event fields to dotted paths, such as '{"session":"ctx.sid","agent":"svc","type":"kind","timestamp":"ts"}'`,
        { field },
      );
    }
  }
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) {
    throw new ValidationError(`${field}: must be ndjson or a JSON object`, { field });
  }
  const out: Record<string, string> = {};
  for (const [key, path] of Object.entries(mapping)) {
    if (!(MAPPED_FIELDS as readonly string[]).includes(key)) {
      throw new ValidationError(
        `${field}.${key}: is not an event field (one of ${MAPPED_FIELDS.join(', ')})`,
        { field: `${field}.${key}` },
      );
    }
    if (typeof path !== 'string' || path.length > 256 || !PATH.test(path)) {
      throw new ValidationError(
        `${field}.${key}: must be a string, a dotted path into the line such as "ctx.sid"`,
        { field: `${field}.${key}` },
      );
    }
    out[key] = path;
  }
  const missing = REQUIRED.find((k) => out[k] === undefined);
  if (missing) {
    throw new ValidationError(
      `${field}.${missing}: is required (a mapping names ${REQUIRED.join(', ')})`,
      { field: `${field}.${missing}` },
    );
  }
  return out as LogFormat;
}

function at(value: unknown, path: string): unknown {
  let v = value;
  for (const part of path.split('.')) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/**
 * One JSON line as an evid event carrying session_id and agent (and framework): the shape
 * `sessionOf` (sessions.ts) reads. `ndjson` lines are that shape already. A mapped field
 * the line does not reach is left out, so validation names it.
 */
export function applyLogFormat(value: unknown, format: LogFormat): unknown {
  if (format === 'ndjson') return value;
  const out: Record<string, unknown> = {};
  for (const k of MAPPED_FIELDS) {
    const path = format[k];
    if (path === undefined) continue;
    const v = at(value, path);
    if (v !== undefined) out[k === 'session' ? 'session_id' : k] = v;
  }
  return out;
}

/**
 * One line as the session it adds to (for `sources test`). Throws ValidationError when the
 * line is not JSON or lacks what the format needs; the events themselves are validated by
 * the ingest pipeline.
 */
export function mapLogLine(line: string, format: LogFormat): SessionInput {
  let value: unknown;
  try {
    value = JSON.parse(line) as unknown;
  } catch {
    throw new ValidationError('the line is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError('the line is not a JSON object');
  }
  const { session_id, agent, framework, events, ...event } = applyLogFormat(
    value,
    format,
  ) as Record<string, unknown>;
  if (typeof session_id !== 'string' || typeof agent !== 'string') {
    throw new ValidationError(
      format === 'ndjson'
        ? 'the line has no session_id and agent (strings)'
        : `the line has no session (${format.session}) and agent (${format.agent}) strings`,
    );
  }
  return {
    session_id,
    agent,
    ...(typeof framework === 'string' ? { framework } : {}),
    events: Array.isArray(events) ? events : [event],
  };
}
