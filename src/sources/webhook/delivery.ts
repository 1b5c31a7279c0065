import { createHash } from 'node:crypto';
import { ValidationError } from '../../errors.js';
import type { SessionInput } from '../../ingest/append.js';
import { canonicalize } from '../../ledger/jcs.js';
import { parseJsonLine } from '../json-line.js';
import { groupSessions, sessionOf } from '../sessions.js';

/**
 * A webhook delivery's body as sessions: one trace, one event, a JSON array of either, or
 * NDJSON (`application/x-ndjson`, one trace or event per line). A body that does not parse
 * is refused whole, naming the line; nothing of it is stored.
 *
 * Events without an `event_id` get `wh_` + a hash of the source, the event's canonical JSON
 * and how many identical events came before it in the delivery. A sender that redelivers
 * (same events, a new signature, even split or merged differently) therefore adds nothing;
 * two identical events in one delivery are both kept. Events that must stay apart across
 * deliveries while identical should carry their own event_id.
 */
export function sessionsOfDelivery(
  sourceId: string,
  body: Buffer,
  contentType: string | undefined,
): SessionInput[] {
  const ndjson = /^application\/(x-)?ndjson\b/i.test(contentType ?? '');
  const values: Array<{ value: unknown; label: string }> = [];
  if (ndjson) {
    let start = 0;
    for (let line = 1; start <= body.length; line++) {
      let end = body.indexOf(0x0a, start);
      if (end < 0) end = body.length;
      const bytes = body.subarray(start, end);
      if (bytes.some((b) => b !== 0x20 && b !== 0x09 && b !== 0x0d)) {
        values.push({ value: parseJsonLine(bytes, `line ${line}`), label: `line ${line}` });
      }
      start = end + 1;
    }
  } else {
    const doc = parseJsonLine(body, 'body');
    if (Array.isArray(doc)) doc.forEach((value, i) => values.push({ value, label: `body[${i}]` }));
    else values.push({ value: doc, label: 'body' });
  }
  if (values.length === 0) throw new ValidationError('body: is empty', { field: 'body' });

  const seen = new Map<string, number>();
  const pieces = values.map(({ value, label }) => {
    const canonical = canonicalize(value);
    const occurrence = seen.get(canonical) ?? 0;
    seen.set(canonical, occurrence + 1);
    const digest = createHash('sha256')
      .update(`${sourceId}\n${occurrence}\n`)
      .update(canonical)
      .digest('hex');
    return sessionOf(value, label, (i) => `wh_${digest.slice(0, 40)}${i > 0 ? `_${i}` : ''}`);
  });
  return groupSessions(pieces);
}
