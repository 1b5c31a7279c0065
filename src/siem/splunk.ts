/**
 * Splunk HTTP Event Collector (REFERENCE.md sections 5 and 10): events POSTed to
 * `<endpoint>/services/collector/event` with `Authorization: Splunk <token>`, a batch being
 * JSON envelopes back to back (no array). Success is `{"text":"Success","code":0}`; any other
 * answer carries a code and a text, shown to the user as Splunk said them. Only 500/8
 * (internal error) and 503/9 (busy) are worth retrying soon; a bad token, index or format
 * needs someone to change something first.
 */
import { hostname } from 'node:os';
import { maskIn } from './secrets.js';
import { describeNetworkError, post, retryAfterMs } from './http.js';
import type { DeliveryAnswer, OutboundEvent, TargetOptions, Transport } from './types.js';

const RETRY_CODES = new Set([8, 9]);
/** Read once: os.hostname() is a system call, and this runs per event. */
const HOST = hostname();

export function hecUrl(endpoint: string): string {
  return /\/services\/collector(\/event)?$/.test(endpoint)
    ? endpoint.replace(/\/services\/collector$/, '/services/collector/event')
    : `${endpoint}/services/collector/event`;
}

/** One HEC envelope: epoch seconds with milliseconds, the event, and its id as an indexed field. */
export function hecEnvelope(e: OutboundEvent, options: TargetOptions, host = HOST): string {
  return JSON.stringify({
    time: Date.parse(e.time) / 1000,
    host,
    source: 'evid',
    sourcetype: options.sourcetype ?? 'evid:event',
    ...(options.index ? { index: options.index } : {}),
    event: {
      event_id: e.event_id,
      kind: e.kind,
      severity: e.severity,
      summary: e.summary,
      subject_id: e.subject_id,
      ledger_seq: e.ledger_seq,
      record: e.record,
    },
    fields: { event_id: e.event_id, kind: e.kind, severity: e.severity },
  });
}

export function hecBody(events: OutboundEvent[], options: TargetOptions): string {
  return events.map((e) => hecEnvelope(e, options)).join('');
}

/** Splunk's answer, in its own words, mapped to retry or not. */
export function hecAnswer(status: number, text: string, retryAfter?: number): DeliveryAnswer {
  let code: number | undefined;
  let said = text.trim().slice(0, 300);
  try {
    const body = JSON.parse(text) as { code?: unknown; text?: unknown };
    if (typeof body.code === 'number') code = body.code;
    if (typeof body.text === 'string') said = body.text;
  } catch {
    // not JSON (a proxy's page): shown as is
  }
  const answer = `HTTP ${status}${code !== undefined ? `, HEC code ${code}` : ''}: ${said || '(empty)'}`;
  if (status >= 200 && status < 300 && (code === undefined || code === 0)) {
    return { ok: true, retry: false, answer };
  }
  const retry =
    code !== undefined ? RETRY_CODES.has(code) : status === 429 || status === 503 || status >= 500;
  return {
    ok: false,
    retry,
    answer,
    ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}),
  };
}

export function splunkTransport(
  endpoint: string,
  options: TargetOptions,
  token: string,
): Transport {
  const url = hecUrl(endpoint);
  return {
    maxBatch: 500,
    async send(events) {
      try {
        const res = await post(
          url,
          { authorization: `Splunk ${token}`, 'content-type': 'application/json' },
          hecBody(events, options),
          options.ca_file,
        );
        const answer = hecAnswer(res.status, res.text, retryAfterMs(res.headers['retry-after']));
        return { ...answer, answer: maskIn(answer.answer, token) };
      } catch (err) {
        return { ok: false, ...describeNetworkError(err, url) };
      }
    },
    close: async () => {},
  };
}
