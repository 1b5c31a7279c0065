import { KillSwitchActiveError } from '../../../errors.js';
import { appendSessions } from '../../../ingest/append.js';
import { recordRefusal } from '../../../killswitch/killswitch.js';
import { eventSchema, traceRequestSchema } from '../../../ingest/schema.js';
import { recordSourceError } from '../../../sources/registry.js';
import { sessionsOfDelivery } from '../../../sources/webhook/delivery.js';
import { defineRoute, idParams } from '../../route.js';
import { refusal } from '../traces/ingest.js';
import { webhookResponses } from './events-schema.js';

/**
 * The webhook receiver (docs/sources.md "Webhook"). The caller is authenticated by its
 * signature (src/auth/webhook-signature.ts, run by src/server/auth.ts once the raw body is
 * read); this route maps the body to sessions and appends them. 202: what was stored is
 * committed, but sessions may be refused one by one (listed in `rejected`); a delivery of
 * which nothing could be stored is answered with the refusal itself (400, 503).
 */
export const sourcesEventsRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/sources/:id/events',
  summary: 'receive a signed webhook delivery (a trace, one event, or NDJSON events)',
  description:
    'Authenticated by `X-Evid-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the source\'s secret (no Authorization header); 401 when missing, wrong, or more than 5 minutes from the server\'s clock. Body: a trace, one event carrying session_id and agent, a JSON array of those, or `application/x-ndjson` with one per line. Events without event_id get a stable one derived from the delivery, so a redelivery adds nothing (counted in `duplicates`). `X-Evid-Dry-Run: 1` stores nothing and answers 200 with the sessions it would append.',
  tag: 'sources',
  auth: 'ingest',
  credential: 'webhook-signature',
  rawBody: true,
  schema: {
    params: idParams,
    response: webhookResponses,
  },
  docs: {
    body: { oneOf: [traceRequestSchema, eventSchema] },
  },
  handler(req, reply, ctx) {
    const principal = req.principal!;
    const sourceId = principal.source!;
    let sessions;
    try {
      sessions = sessionsOfDelivery(sourceId, req.body as Buffer, req.headers['content-type']);
    } catch (err) {
      recordSourceError(ctx.store, sourceId, `webhook delivery refused: ${(err as Error).message}`);
      throw err;
    }
    if (req.headers['x-evid-dry-run'] === '1') {
      reply.code(200);
      return { dry_run: true, source_id: sourceId, authenticated_as: principal.id, sessions };
    }
    const report = appendSessions(ctx.store, sessions, {
      source: 'webhook',
      sourceId,
      actor: principal.actor,
    });
    const first = report.rejected[0];
    if (first && report.appended.length === 0) {
      if (first.error.http_status !== 503) {
        recordSourceError(ctx.store, sourceId, `webhook delivery refused: ${first.error.message}`);
      }
      throw refusal(first);
    }
    // Stored in part: a kill-switch refusal is counted against its switch all the same.
    for (const r of report.rejected) {
      const err = refusal(r);
      if (err instanceof KillSwitchActiveError) recordRefusal(ctx.store, err);
    }
    reply.code(202);
    return {
      accepted: report.appended.reduce((n, s) => n + s.events_ingested, 0),
      duplicates: report.appended.reduce((n, s) => n + s.duplicates, 0),
      sessions: report.appended.map(({ index: _index, status: _status, ...s }) => s),
      rejected: report.rejected.map((r) => ({
        session_id: r.session_id,
        error: { code: r.error.http_status, type: r.error.code, message: r.error.message },
      })),
    };
  },
});
