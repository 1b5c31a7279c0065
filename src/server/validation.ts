import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifySchemaValidationError } from 'fastify';
import { ISO_DATE_TIME } from '../ingest/schema.js';

/**
 * Request validation. Bodies are validated exactly as written (no type coercion: a string
 * "12" is not a token count, as in the CLI); query strings and path parameters are text on
 * the wire, so they are coerced to the schema's types.
 */
export function createValidatorCompiler(): (input: {
  schema: unknown;
  httpPart?: string;
}) => ValidateFunction {
  const body = new Ajv({ strict: false, allErrors: false, coerceTypes: false, useDefaults: true });
  const other = new Ajv({
    strict: false,
    allErrors: false,
    coerceTypes: 'array',
    useDefaults: true,
  });
  const cache = new WeakMap<object, ValidateFunction>();
  const cacheOther = new WeakMap<object, ValidateFunction>();
  return ({ schema, httpPart }) => {
    const [ajv, seen] = httpPart === 'body' ? [body, cache] : [other, cacheOther];
    let fn = seen.get(schema as object);
    if (!fn) {
      fn = ajv.compile(schema as object);
      seen.set(schema as object, fn);
    }
    return fn;
  };
}

/** `/events/3/tokens_prompt` -> `events[3].tokens_prompt`. */
function pathName(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out;
}

function rule(e: ErrorObject | FastifySchemaValidationError): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'is required';
    case 'type':
      return `must be ${String(p.type).replace(',', ' or ')}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'minLength':
      return Number(p.limit) <= 1
        ? 'must not be empty'
        : `must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters`;
    case 'minimum':
      return `must be >= ${String(p.limit)}`;
    case 'maximum':
      return `must be <= ${String(p.limit)}`;
    case 'minItems':
      return `must contain at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must contain at most ${String(p.limit)} items`;
    case 'pattern':
      // Timestamps are the common case; other patterns (pack ids) are quoted as written.
      return p.pattern === ISO_DATE_TIME
        ? 'must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T12:00:00Z'
        : `must match ${String(p.pattern)}`;
    case 'additionalProperties':
      return 'is not a known parameter';
    default:
      return e.message ?? 'is invalid';
  }
}

/** The field a validation error is about and a sentence naming it, as the CLI words it. */
export function describeValidation(
  errors: ReadonlyArray<ErrorObject | FastifySchemaValidationError>,
  context: string | undefined,
): { field: string; message: string } {
  const e = errors[0]!;
  const p = e.params as Record<string, unknown>;
  const extra =
    e.keyword === 'required'
      ? String(p.missingProperty)
      : e.keyword === 'additionalProperties'
        ? String(p.additionalProperty)
        : undefined;
  const field =
    pathName(e.instancePath, extra) || (context === 'body' ? 'body' : (context ?? 'request'));
  return { field, message: `${field}: ${rule(e)}` };
}
