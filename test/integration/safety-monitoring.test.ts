import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffPolicy } from '../../src/outbox/backoff.js';
import { drainAll } from '../../src/outbox/drain.js';
import { SAFETY_ADMIN_KEY, startSafetyServer, type SafetyServer } from '../support/safety.js';

/**
 * Runtime monitoring: sessions are traces, events go through the append path and answer
 * with their alerts, which reach a real webhook receiver (signed, retried) and a real SMTP
 * receiver on loopback through the outbox.
 */
interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
const hooks: Delivery[] = [];
let hookAnswers: number[] = [];
let hookServer: Server;
let hookUrl: string;
const mails: string[] = [];
let smtp: SMTPServer;
let s: SafetyServer;

beforeAll(async () => {
  hookServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = hookAnswers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/alerts`;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  s = await startSafetyServer({
    EVID_SMTP_HOST: '127.0.0.1',
    EVID_SMTP_PORT: String(smtpPort),
    EVID_SMTP_FROM: 'alerts@evid.test',
  });
});
afterAll(async () => {
  await s.close();
  await new Promise<void>((resolve) => hookServer.close(() => resolve()));
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const post = (path: string, body: unknown) =>
  s.call('POST', path, { bearer: SAFETY_ADMIN_KEY, body });
const drain = () =>
  drainAll(s.ctx.store, {
    dataDir: s.ctx.config.dataDir,
    version: 'test',
    owner: 'test-drain',
    now: () => new Date(),
    policy: backoffPolicy(undefined),
    force: true,
    smtp: s.ctx.config.smtp,
  });

describe('monitoring sessions', () => {
  it('a session is a monitoring trace with its configuration', async () => {
    const res = await post('/v1/monitoring/session', {
      system_id: 'support-bot',
      monitoring_config: { metrics: ['event_count', 'latency_mean'], interval: '5m' },
    });
    expect(res.status).toBe(201);
    expect(res.body.session_id).toMatch(/^mon_/);
    expect(res.body.monitoring_config).toMatchObject({ interval: '5m', threshold: 0.7 });
    const trace = await s.call('GET', `/api/v1/traces/${res.body.trace_id}`, {
      bearer: SAFETY_ADMIN_KEY,
    });
    expect(trace.status).toBe(200);
    expect(trace.body.source ?? trace.body.trace?.source).toBe('monitoring');
  });

  it.each([
    [{ system_id: 'x', monitoring_config: { interval: '5 minutes' } }, /interval/],
    [
      { system_id: 'x', alert_channels: [{ type: 'pager', destination: 'x' }] },
      /alert_channels\/0\/type|alert_channels\[0\]\.type/,
    ],
    [
      { system_id: 'x', alert_channels: [{ type: 'email', destination: 'not-an-address' }] },
      /destination: must be an email/,
    ],
    [
      { system_id: 'x', alert_channels: [{ type: 'webhook', destination: 'ftp://h/x' }] },
      /http or https URL/,
    ],
    [{}, /system_id/],
  ])('refuses a bad session request (%#) with 400 naming the field', async (body, details) => {
    const res = await post('/v1/monitoring/session', body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toMatch(details);
  });

  it('an event while the kill switch stops the system is 503 with Retry-After, and not stored', async () => {
    const session = await post('/v1/monitoring/session', { system_id: 'stopped-bot' });
    const stop = await post('/api/v1/kill-switch/activate', {
      agent: 'stopped-bot',
      reason: 'drill',
    });
    expect(stop.status).toBe(200);
    const res = await post('/v1/monitoring/event', {
      session_id: session.body.session_id,
      event_type: 'inference',
      event_data: { input: 'hi', output: 'hello' },
    });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const trace = await s.call('GET', `/api/v1/traces/${session.body.trace_id}`, {
      bearer: SAFETY_ADMIN_KEY,
    });
    expect(trace.body.event_count ?? trace.body.trace?.event_count).toBe(1);
    await post('/api/v1/kill-switch/deactivate', { agent: 'stopped-bot', reason: 'done' });
  });

  it('an event of an unknown session is 404', async () => {
    const res = await post('/v1/monitoring/event', {
      session_id: 'mon_nope',
      event_type: 'inference',
      event_data: {},
    });
    expect(res.status).toBe(404);
  });
});

describe('events and alerts', () => {
  let sessionId: string;
  let secret: string;
  beforeAll(async () => {
    const res = await post('/v1/monitoring/session', {
      system_id: 'claims-bot',
      monitoring_config: { interval: '1h', latency_max: 2000, confidence_min: 0.5 },
      alert_channels: [
        { type: 'webhook', destination: hookUrl },
        { type: 'email', destination: 'oncall@insurer.test' },
      ],
    });
    expect(res.status).toBe(201);
    sessionId = res.body.session_id;
    secret = res.body.alert_channels[0].signing_secret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.alert_channels[1].signing_secret).toBeUndefined();
  });

  it('a clean, fast, confident inference triggers nothing', async () => {
    const res = await post('/v1/monitoring/event', {
      session_id: sessionId,
      event_type: 'inference',
      event_data: {
        input: 'What is my deductible?',
        output: 'It is 500 EUR.',
        confidence: 0.93,
        latency: 420,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.alerts).toEqual([]);
  });

  it('a leak and a slow answer trigger alerts, delivered signed to the webhook and by mail', async () => {
    const res = await post('/v1/monitoring/event', {
      session_id: sessionId,
      event_type: 'inference',
      event_data: {
        input: 'Send me the card on file',
        output: 'Sure: the card is 4539 1488 0343 6467, expiry 04/29.',
        confidence: 0.8,
        latency: 3500,
      },
    });
    expect(res.status).toBe(201);
    const rules = res.body.alerts.map((a: { rule: string }) => a.rule).sort();
    expect(rules).toEqual(['finding', 'latency']);
    const finding = res.body.alerts.find((a: { rule: string }) => a.rule === 'finding');
    expect(finding.type).toBe('pii.credit_card');
    expect(res.body.notified).toHaveLength(2);

    hookAnswers = [503]; // the first delivery fails: the outbox retries it
    const first = await drain();
    const hookReport = first.find((r) => r.answer?.includes('HTTP 503'));
    expect(hookReport?.ok).toBe(false);
    const second = await drain();
    expect(second.every((r) => r.ok)).toBe(true);

    const delivered = hooks.filter((h) => JSON.parse(h.body).session_id === sessionId);
    // 1 failed try + 2 alerts
    expect(delivered).toHaveLength(3);
    expect(delivered[0]!.headers['x-evid-event-id']).toBe(delivered[1]!.headers['x-evid-event-id']);
    for (const h of delivered) {
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(h.headers['x-evid-signature']));
      expect(m).not.toBeNull();
      const want = createHmac('sha256', secret).update(`${m![1]}.${h.body}`).digest('hex');
      expect(m![2]).toBe(want);
    }
    const bodies = delivered.slice(1).map((h) => JSON.parse(h.body));
    expect(bodies.map((b) => b.rule).sort()).toEqual(['finding', 'latency']);
    expect(JSON.stringify(bodies)).not.toContain('4539 1488 0343 6467');

    const ours = mails.filter((m) => m.includes(sessionId));
    expect(ours).toHaveLength(2);
    expect(ours.join('\n')).toMatch(/To: oncall@insurer\.test/);
    expect(ours.join('\n')).toMatch(/From: alerts@evid\.test/);
    expect(ours.join('\n')).toMatch(/pii\.credit_card/);
  });

  it('a low confidence raises a metric alert', async () => {
    const res = await post('/v1/monitoring/event', {
      session_id: sessionId,
      event_type: 'inference',
      event_data: { input: 'hi', output: 'hello', confidence: 0.2, latency: 100 },
    });
    expect(res.body.alerts.map((a: { rule: string }) => a.rule)).toEqual(['confidence']);
  });

  it('metrics per bucket agree with the events sent', async () => {
    const res = await s.call(
      'GET',
      `/v1/monitoring/metrics?session_id=${sessionId}&time_range=2h&metrics=event_count,latency_mean,latency_p95,confidence_mean,flagged_rate,alerts`,
      { bearer: SAFETY_ADMIN_KEY },
    );
    expect(res.status).toBe(200);
    const sum = (name: string) =>
      res.body.metrics[name].reduce(
        (n: number, p: { value: number | null }) => n + (p.value ?? 0),
        0,
      );
    expect(sum('event_count')).toBe(3);
    expect(sum('alerts')).toBe(3);
    const busy = res.body.metrics.latency_p95.find(
      (p: { value: number | null }) => p.value !== null,
    );
    expect(busy.value).toBe(3500);
    expect(res.body.metrics.event_count[0].timestamp).toMatch(/T\d\d:00:00\.000Z$/);
  });

  it('metrics refuses an unknown metric or a bad time_range with 400', async () => {
    const bad = await s.call(
      'GET',
      `/v1/monitoring/metrics?session_id=${sessionId}&metrics=vibes`,
      {
        bearer: SAFETY_ADMIN_KEY,
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatch(/unknown metric "vibes"/);
    const range = await s.call(
      'GET',
      `/v1/monitoring/metrics?session_id=${sessionId}&time_range=1y`,
      {
        bearer: SAFETY_ADMIN_KEY,
      },
    );
    expect(range.status).toBe(400);
    expect(range.body.error.details).toMatch(/time_range/);
  });
  it('a removed channel gets no more alerts; the others still do', async () => {
    const session = await post('/v1/monitoring/session', {
      system_id: 'claims-bot',
      monitoring_config: { confidence_min: 0.5 },
      alert_channels: [
        { type: 'webhook', destination: hookUrl },
        { type: 'email', destination: 'oncall@insurer.test' },
      ],
    });
    const [hook, mail] = session.body.alert_channels as Array<{ channel_id: string }>;
    const removed = await s.call('DELETE', `/api/v1/siem/targets/${hook!.channel_id}`, {
      bearer: SAFETY_ADMIN_KEY,
    });
    expect(removed.status).toBe(200);
    const res = await post('/v1/monitoring/event', {
      session_id: session.body.session_id,
      event_type: 'inference',
      event_data: { input: 'hi', output: 'hello', confidence: 0.1, latency: 100 },
    });
    expect(res.body.alerts.map((a: { rule: string }) => a.rule)).toEqual(['confidence']);
    expect(res.body.notified).toEqual([{ channel_id: mail!.channel_id, type: 'email' }]);
    const queued = s.ctx.store.read((r) =>
      r
        .prepare('SELECT target_id FROM outbox WHERE payload LIKE ?')
        .all(`%${session.body.session_id}%`),
    );
    expect(queued).toEqual([{ target_id: mail!.channel_id }]);
  });
});
