import type { FastifyInstance } from 'fastify';
import { InvalidTextError, ValidationError } from '../errors.js';
import { decodeUtf8, invalidUtf8At, pathAt, tooDeepAt } from '../ingest/json-text.js';
import { fieldPath, findJsonProblem, MAX_NESTING, tooDeep } from '../ingest/well-formed.js';

/**
 * The one request body parser: `application/json` only (anything else, `text/plain`
 * included, is 415). It replaces fastify's, which decodes invalid UTF-8 to U+FFFD (the
 * ledger must hold what the agent sent, so such a body is refused) and says "malformed
 * JSON" for a `__proto__` name. Every body, on every route, gets the intake's checks
 * (src/ingest/well-formed.ts) with the field named from the body's root: for
 * POST /api/v1/traces that is the trace, so the names match `evid traces ingest`.
 */
export function installJsonBody(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (req, body, done) => {
      // A receiver that checks a signature over the bytes, or decompresses them, parses itself.
      if (wantsRawBody(req)) return done(null, body);
      // Some clients label every request JSON, a bodiless DELETE too: nothing to parse there.
      if ((body as Buffer).length === 0 && !takesBody(req)) return done(null, undefined);
      try {
        done(null, parseJsonBody(body as Buffer));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
  // Only receivers (routes declaring `rawBody`) take these; elsewhere they are 415.
  app.addContentTypeParser(RAW_ONLY_TYPES, { parseAs: 'buffer', bodyLimit }, (req, body, done) => {
    if (wantsRawBody(req)) return done(null, body);
    done(unsupported(req.headers['content-type']), undefined);
  });
}

/** Body types only receivers accept: OTLP protobuf, NDJSON event streams. */
const RAW_ONLY_TYPES = ['application/x-protobuf', 'application/protobuf', 'application/x-ndjson'];

function takesBody(req: { routeOptions: { schema?: { body?: unknown } } }): boolean {
  return req.routeOptions.schema?.body !== undefined;
}

function wantsRawBody(req: { routeOptions: { config: unknown } }): boolean {
  return (req.routeOptions.config as { rawBody?: boolean } | undefined)?.rawBody === true;
}

function unsupported(type: string | undefined): Error {
  const err = new Error(`Unsupported Media Type: ${type ?? ''}`) as Error & {
    statusCode: number;
    code: string;
  };
  err.statusCode = 415;
  err.code = 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
  return err;
}

export function parseJsonBody(bytes: Buffer): unknown {
  const text = decodeUtf8(bytes);
  if (text === undefined) throw invalidUtf8(bytes);
  if (text.trim() === '') throw new ValidationError('body: is empty', { field: 'body' });
  // Before JSON.parse: parsing a body millions of levels deep takes seconds.
  const deep = tooDeepAt(text, MAX_NESTING);
  if (deep >= 0) throw tooDeep(pathAt(text, deep).path, 'body');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ValidationError(`body: malformed JSON (${(err as Error).message})`, {
      field: 'body',
      rule: 'json',
    });
  }
  const problem = findJsonProblem(value, 'body');
  if (problem) throw problem;
  return value;
}

function invalidUtf8(bytes: Buffer): InvalidTextError {
  const at = Math.max(0, invalidUtf8At(bytes));
  // The bytes before the first bad one are valid UTF-8, so the field holding it can be named.
  const before = decodeUtf8(bytes.subarray(0, at)) ?? '';
  const { path, inName } = pathAt(before, before.length);
  const field = fieldPath(path, 'body');
  return new InvalidTextError(
    `${field}: ${inName ? 'has a member name that ' : ''}is not valid UTF-8 (byte 0x${bytes[at]?.toString(16).padStart(2, '0')} at offset ${at} of the body); refused, not replaced`,
    { field, rule: 'invalid_text' },
  );
}
