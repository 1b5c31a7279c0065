import {
  ConflictError,
  InvalidTextError,
  KillSwitchActiveError,
  ValidationError,
} from '../../../errors.js';
import type { RejectedTrace } from '../../../ingest/pipeline.js';
import { ingestionResponseSchema, traceRequestSchema } from '../../../ingest/schema.js';
import { defineRoute } from '../../route.js';

/** The pipeline reports a refused trace as data; the route answers it as an error. */
export function refusal(rejected: RejectedTrace): Error {
  const { message, field, http_status: status } = rejected.error;
  // 503 + Retry-After, and the refusal counted, by the error handler as for any intake.
  if (status === 503) return new KillSwitchActiveError(message, rejected.error.details);
  const details = field ? { field } : undefined;
  if (status === 409) return new ConflictError(message, details);
  return rejected.error.code === 'invalid_text'
    ? new InvalidTextError(message, details)
    : new ValidationError(message, details);
}

export const tracesIngestRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/traces',
  summary: 'ingest one trace (the same pipeline as `evid traces ingest`)',
  description:
    'Validated, run through the detectors, then stored and ledgered in one transaction (concurrent requests are group-committed; a 201 is sent only once its trace is committed). 409 for a session_id or event_id already ingested; 503 while the kill switch is active for the agent.',
  tag: 'traces',
  auth: 'ingest',
  // The pipeline validates the body against traceRequestSchema (as for `evid traces
  // ingest`, with the same messages); the route only insists on an object.
  schema: {
    body: { type: 'object' },
    response: { 201: { ...ingestionResponseSchema, description: 'accepted' } },
  },
  docs: { body: traceRequestSchema },
  async handler(req, reply, ctx) {
    const result = await ctx.traces.submit(req.body, req.principal!.actor);
    if (result.status === 'rejected') throw refusal(result);
    const { index: _index, ...accepted } = result;
    reply.code(201).header('location', `/api/v1/traces/${accepted.trace_id}`);
    return accepted;
  },
});
