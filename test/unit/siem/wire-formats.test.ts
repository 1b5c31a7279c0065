// Issue 14 item 3: the SIEM wire formats as REFERENCE.md sections 5 and 10 give them, as
// pure functions: RFC 5424 fields and limits, CEF escaping and severities, RFC 6587 octet
// counting, HEC envelopes and answer codes, Logs Ingestion batches of at most 1 MB, and the
// outbox's backoff.
import { describe, expect, it } from 'vitest';
import { backoffMs, backoffPolicy } from '../../../src/outbox/backoff.js';
import { stableEventId } from '../../../src/outbox/enqueue.js';
import { sentinelBodies } from '../../../src/siem/sentinel.js';
import { hecAnswer, hecBody, hecUrl } from '../../../src/siem/splunk.js';
import {
  cef,
  cefExtValue,
  cefHeaderField,
  headerField,
  octetCounted,
  rfc5424,
  sdValue,
} from '../../../src/siem/syslog-format.js';
import type { OutboundEvent } from '../../../src/siem/types.js';

const event = (over: Partial<OutboundEvent> = {}): OutboundEvent => ({
  event_id: '0b6f1c2e-1111-4222-8333-444455556666',
  kind: 'finding.created',
  time: '2026-11-24T10:11:12.345Z',
  severity: 'high',
  summary: 'high secret finding fd_1 (agent bot, secret)',
  subject_id: 'fd_1',
  ledger_seq: 42,
  record: { finding_id: 'fd_1', severity: 'high' },
  ...over,
});

describe('RFC 5424', () => {
  it('renders PRI (facility 13), version, timestamp, host, app, procid, msgid, SD and MSG', () => {
    expect(rfc5424(event(), 'host-1')).toBe(
      `<107>1 2026-11-24T10:11:12.345Z host-1 evid ${process.pid} finding.created ` +
        '[evid@32473 event_id="0b6f1c2e-1111-4222-8333-444455556666" kind="finding.created" severity="high" subject_id="fd_1" ledger_seq="42"] ' +
        'high secret finding fd_1 (agent bot, secret) {"finding_id":"fd_1","severity":"high"}',
    );
  });

  it.each([
    ['critical', 106],
    ['high', 107],
    ['medium', 108],
    ['low', 109],
    ['info', 110],
  ] as const)('maps severity %s to PRI %i', (severity, pri) => {
    expect(rfc5424(event({ severity }), 'h').startsWith(`<${pri}>1 `)).toBe(true);
  });

  it('cuts header fields to their limits and to printable US-ASCII, "-" when empty', () => {
    expect(headerField('x'.repeat(300), 255)).toHaveLength(255);
    expect(headerField('a b\u00e9c\n', 48)).toBe('abc');
    expect(headerField('', 32)).toBe('-');
    const long = rfc5424(event({ kind: 'k'.repeat(40) }), 'h'.repeat(300));
    const [, , host, app, , msgid] = long.split(' ');
    expect(host).toHaveLength(255);
    expect(app).toBe('evid');
    expect(msgid).toHaveLength(32);
  });

  it('escapes " \\ and ] in SD values and keeps MSG on one line', () => {
    expect(sdValue('a"b\\c]d')).toBe('a\\"b\\\\c\\]d');
    const m = rfc5424(event({ subject_id: 'x"]', summary: 'line1\nline2' }), 'h');
    expect(m).toContain('subject_id="x\\"\\]"');
    expect(m).not.toContain('\n');
  });

  it('frames with octet counting in bytes (RFC 6587)', () => {
    expect(octetCounted('héllo')).toBe('6 héllo');
  });
});

describe('CEF', () => {
  it('renders the header, severity 0-10 and extensions inside an RFC 5424 envelope', () => {
    const line = cef(event({ severity: 'critical' }), '1.2.3', 'h');
    expect(line).toMatch(
      /^<106>1 2026-11-24T10:11:12\.345Z h evid \d+ finding\.created - CEF:0\|evid\|evid\|1\.2\.3\|finding\.created\|high secret finding fd_1 \(agent bot, secret\)\|10\|rt=1795515072345 externalId=0b6f1c2e/,
    );
    for (const [severity, n] of [
      ['high', 8],
      ['medium', 5],
      ['low', 3],
    ] as const) {
      expect(cef(event({ severity }), '1', 'h')).toContain(`|${n}|rt=`);
    }
  });

  it('escapes | and \\ in the header; = \\ and newlines in extensions', () => {
    expect(cefHeaderField('a|b\\c')).toBe('a\\|b\\\\c');
    expect(cefExtValue('k=v\\x\ny')).toBe('k\\=v\\\\x\\ny');
  });
});

describe('Splunk HEC', () => {
  it('posts to /services/collector/event and concatenates envelopes without an array', () => {
    expect(hecUrl('https://s:8088')).toBe('https://s:8088/services/collector/event');
    expect(hecUrl('https://s:8088/services/collector')).toBe(
      'https://s:8088/services/collector/event',
    );
    const body = hecBody([event(), event({ event_id: 'e2' })], {
      index: 'ai',
      sourcetype: 'evid:event',
    });
    expect(body.startsWith('{"time":1795515072.345,')).toBe(true);
    expect(body).toContain('}{"time"');
    expect(body).toContain('"index":"ai"');
  });

  // REFERENCE.md section 10: retry 500/8 and 503/9 only.
  it.each([
    [200, '{"text":"Success","code":0}', true, false],
    [403, '{"text":"Token disabled","code":1}', false, false],
    [401, '{"text":"Token is required","code":2}', false, false],
    [401, '{"text":"Invalid authorization","code":3}', false, false],
    [403, '{"text":"Invalid token","code":4}', false, false],
    [400, '{"text":"No data","code":5}', false, false],
    [400, '{"text":"Invalid data format","code":6}', false, false],
    [400, '{"text":"Incorrect index","code":7}', false, false],
    [500, '{"text":"Internal server error","code":8}', false, true],
    [503, '{"text":"Server is busy","code":9}', false, true],
    [400, '{"text":"Event field is required","code":12}', false, false],
    [400, '{"text":"Event field cannot be blank","code":13}', false, false],
    [502, '<html>bad gateway</html>', false, true],
  ])('HTTP %i %s: ok %s, retry %s', (status, text, ok, retry) => {
    const a = hecAnswer(status, text);
    expect(a).toMatchObject({ ok, retry });
    if (text.startsWith('{')) {
      const body = JSON.parse(text) as { code: number; text: string };
      expect(a.answer).toBe(`HTTP ${status}, HEC code ${body.code}: ${body.text}`);
    }
  });
});

describe('Logs Ingestion batches', () => {
  it('cuts JSON arrays at 1 MB and keeps every row, in order', () => {
    const big = 'x'.repeat(20_000);
    const events = Array.from({ length: 120 }, (_, i) =>
      event({ event_id: `e${i}`, record: { text: big } }),
    );
    const bodies = sentinelBodies(events);
    expect(bodies.length).toBeGreaterThan(1);
    for (const b of bodies) expect(Buffer.byteLength(b)).toBeLessThanOrEqual(1_000_000);
    const ids = bodies.flatMap((b) =>
      (JSON.parse(b) as Array<{ EventId: string }>).map((r) => r.EventId),
    );
    expect(ids).toEqual(events.map((e) => e.event_id));
  });

  it('shortens a field value over 64 KB', () => {
    const [body] = sentinelBodies([event({ record: { prompt: 'y'.repeat(100_000) } })]);
    const row = (JSON.parse(body!) as Array<{ Record: { truncated: boolean; text: string } }>)[0]!;
    expect(row.Record.truncated).toBe(true);
    expect(Buffer.byteLength(row.Record.text)).toBeLessThan(64 * 1024);
  });
});

describe('outbox', () => {
  it('event ids are stable per (target, record) and differ across targets', () => {
    expect(stableEventId('siem_a', 'ledger:7')).toBe(stableEventId('siem_a', 'ledger:7'));
    expect(stableEventId('siem_a', 'ledger:7')).not.toBe(stableEventId('siem_b', 'ledger:7'));
    expect(stableEventId('siem_a', 'ledger:7')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('backs off exponentially with jitter, capped; an unfixable answer waits the cap; Retry-After is a floor', () => {
    const p = backoffPolicy(1000);
    expect(backoffMs(1, p, { retry: true }, () => 0)).toBe(500);
    expect(backoffMs(1, p, { retry: true }, () => 1)).toBe(1000);
    expect(backoffMs(4, p, { retry: true }, () => 1)).toBe(8000);
    expect(backoffMs(40, p, { retry: true }, () => 1)).toBe(300_000);
    expect(backoffMs(1, p, { retry: false }, () => 0)).toBe(150_000);
    expect(backoffMs(1, p, { retry: true, retryAfterMs: 120_000 }, () => 0)).toBe(120_000);
  });
});
