import { ValidationError } from '../errors.js';
import { parseLogFormat } from './log-format.js';
import type { SourceType } from './types.js';

/**
 * A source's type options (`sources.options`, ledgered with the source): what each kind
 * may set, checked once at creation so receivers and tailers can trust what they read.
 * - logfile: `format` (see log-format.ts; `ndjson` when absent).
 * - gateway: `fail_closed` (answer 503 when the call cannot be recorded, instead of passing
 *   it through unrecorded) and `timeout_ms` (the upstream timeout).
 */
const ALLOWED: Record<SourceType, readonly string[]> = {
  otel: [],
  webhook: [],
  logfile: ['format'],
  gateway: ['fail_closed', 'timeout_ms'],
};

export const MAX_TIMEOUT_MS = 600_000;

/**
 * Checks `options` for a source of `type` and returns what is stored. `label` turns an
 * option's name into the field an error names (`options.format` over REST, `--format` in
 * the CLI).
 */
export function sourceOptions(
  type: SourceType,
  options: Record<string, unknown>,
  label: (name: string) => string = (name) => `options.${name}`,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const field = label(name);
    if (!ALLOWED[type].includes(name)) {
      const which = ALLOWED[type].length ? ` (it takes ${ALLOWED[type].join(', ')})` : '';
      throw new ValidationError(
        `${field}: is not an option of ${type === 'otel' ? 'an' : 'a'} ${type} source${which}`,
        {
          field,
        },
      );
    }
    if (name === 'format') out.format = parseLogFormat(value, field);
    else if (name === 'fail_closed') {
      if (typeof value !== 'boolean')
        throw new ValidationError(`${field}: must be true or false`, { field });
      out.fail_closed = value;
    } else if (name === 'timeout_ms') {
      if (
        !Number.isSafeInteger(value) ||
        (value as number) < 1 ||
        (value as number) > MAX_TIMEOUT_MS
      )
        throw new ValidationError(
          `${field}: must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
          { field },
        );
      out.timeout_ms = value;
    }
  }
  return out;
}
