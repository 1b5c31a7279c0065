import { createHash } from 'node:crypto';
import type { OtelLogRecord, OtelSpan } from './decode.js';
import { AI_PREFIXES } from './map.js';

/**
 * OTLP log records as evidence (docs/sources.md, "OpenTelemetry logs"). The GenAI semantic
 * conventions put a model call's content on log events when it is not on the span:
 * `gen_ai.client.inference.operation.details` carries the span's own attributes
 * (`gen_ai.input.messages`, `gen_ai.output.messages`, model, usage), and the older
 * per-message events (`gen_ai.user.message`, ..., `gen_ai.choice`) carry one message each in
 * their body. Each becomes a span-shaped value so that one mapping (map.ts) reads spans and
 * logs alike: the details event alone, the per-message events of one span together as one
 * model call. Log records with no AI name or attribute (application logs) are counted and
 * skipped, like plain spans.
 */

type Attrs = Record<string, unknown>;

const PER_MESSAGE = /^gen_ai\.(?:(?:system|user|assistant|tool)\.message|choice)$/;

function eventNameOf(r: OtelLogRecord): string {
  if (r.eventName) return r.eventName;
  const legacy = r.attributes['event.name'];
  return typeof legacy === 'string' ? legacy : '';
}

function isAiLog(r: OtelLogRecord, name: string): boolean {
  if (name.startsWith('gen_ai.')) return true;
  return Object.keys(r.attributes).some((k) => AI_PREFIXES.some((p) => k.startsWith(p)));
}

/** A stable id for what these records say: a re-sent export is a duplicate, not a copy. */
function eventIdOf(records: readonly OtelLogRecord[]): string {
  const first = records[0]!;
  const digest = createHash('sha256')
    .update(
      JSON.stringify(records.map((r) => [eventNameOf(r), r.time, r.body, r.attributes, r.scope])),
    )
    .digest('hex')
    .slice(0, 24);
  return `otel_${first.traceId || 'none'}_${first.spanId || 'none'}_log_${digest}`;
}

/** The message a per-message event holds: a choice wraps it in `message`. */
function messageOf(name: string, body: unknown): { role?: unknown; content: unknown } {
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Attrs) : null;
  if (!b) return { content: body };
  const inner =
    name === 'gen_ai.choice' && b.message && typeof b.message === 'object'
      ? (b.message as Attrs)
      : b;
  return { role: inner.role, content: inner };
}

function spanOf(records: readonly OtelLogRecord[], perMessage: boolean): OtelSpan {
  const first = records[0]!;
  const attributes: Attrs = {};
  for (const r of records) Object.assign(attributes, r.attributes);
  delete attributes['event.name'];
  const events = perMessage
    ? records.map((r) => {
        const name = eventNameOf(r);
        const { role, content } = messageOf(name, r.body);
        return {
          name,
          time: r.time,
          attributes: { ...(role !== undefined ? { role } : {}), content },
        };
      })
    : [];
  // Per-message events are the parts of one model call.
  if (perMessage && attributes['gen_ai.operation.name'] === undefined)
    attributes['gen_ai.operation.name'] = 'chat';
  const times = records.map((r) => BigInt(r.time));
  const start = times.reduce((a, b) => (b > 0n && (a === 0n || b < a) ? b : a), 0n);
  const end = times.reduce((a, b) => (b > a ? b : a), 0n);
  return {
    traceId: first.traceId,
    spanId: first.spanId,
    parentSpanId: null,
    name: eventNameOf(first) || 'log',
    kind: 0,
    start: start.toString(),
    end: end.toString(),
    attributes,
    events,
    status: { code: 0, message: '' },
    resource: first.resource,
    scope: first.scope,
    eventId: eventIdOf(records),
  };
}

/** The AI log records as span-shaped values, in order of arrival; the rest counted. */
export function logsAsSpans(records: readonly OtelLogRecord[]): {
  spans: OtelSpan[];
  skipped: number;
} {
  const out: Array<OtelLogRecord[] | OtelLogRecord> = [];
  const groups = new Map<string, OtelLogRecord[]>();
  let skipped = 0;
  for (const r of records) {
    const name = eventNameOf(r);
    if (!isAiLog(r, name)) {
      skipped++;
      continue;
    }
    if (PER_MESSAGE.test(name) && r.spanId !== '') {
      const key = `${r.traceId}/${r.spanId}`;
      let group = groups.get(key);
      if (!group) {
        group = [];
        groups.set(key, group);
        out.push(group);
      }
      group.push(r);
    } else out.push(r);
  }
  return {
    spans: out.map((item) =>
      Array.isArray(item)
        ? spanOf(item, true)
        : spanOf([item], PER_MESSAGE.test(eventNameOf(item))),
    ),
    skipped,
  };
}
