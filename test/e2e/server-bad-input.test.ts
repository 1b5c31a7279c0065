import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/cli.js';
import { api, startServer, trace, type RunningServer } from '../support/server.js';
import { withDb } from '../support/tamper.js';

/**
 * Issue 20 (hardening), REST intake over real HTTP against the built binary: bad input is
 * answered 4xx in the documented error shape, never 500, never fastify's own body, and
 * never changes another request's answer or the store.
 */
let server: RunningServer;
let url: string;
let dir: { dir: string; cleanup(): void };
beforeAll(async () => {
  dir = tempDataDir('evid-bad-input-');
  server = await startServer({ dataDir: dir.dir, env: { EVID_RATE_LIMIT: 'off' } });
  url = server.url;
});
afterAll(async () => {
  await server?.stop();
  dir.cleanup();
});

/** The documented error shape, with a request id in the body and the header. */
function expectErrorShape(
  a: { status: number; headers: Headers; body: unknown },
  status: number,
  field?: string,
): { details: string; type: string } {
  expect(a.status).toBe(status);
  const error = (a.body as { error: Record<string, unknown> }).error;
  expect(error).toMatchObject({ code: status, message: expect.any(String) as string });
  expect(error.request_id).toMatch(/^req_/);
  expect(a.headers.get('x-request-id')).toBe(error.request_id);
  if (field) expect(error.field).toBe(field);
  return error as { details: string; type: string };
}

function snapshot(): string {
  return withDb(dir.dir, (db) =>
    JSON.stringify(
      ['traces', 'events', 'findings', 'ledger'].map((t) =>
        db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all(),
      ),
    ),
  );
}

const raw = (t: Record<string, unknown>, from: string, to: string): string =>
  JSON.stringify(t).replace(from, to);

/** Bodies refused whatever else is in flight: [name, body, content type, status, type, field, details]. */
const BAD: Array<[string, string | Buffer, string, number, string, string, RegExp]> = [
  [
    'a lone surrogate (valid JSON)',
    raw(trace('bad-surrogate'), 'question 0', '\\ud800'),
    'application/json',
    400,
    'invalid_text',
    'events[0].prompt',
    /^events\[0\]\.prompt: is not well-formed text/,
  ],
  [
    'invalid UTF-8 bytes',
    Buffer.concat([
      Buffer.from(raw(trace('bad-bytes'), 'question 0', 'q@').split('@')[0]!),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(raw(trace('bad-bytes'), 'question 0', 'q@').split('@')[1]!),
    ]),
    'application/json',
    400,
    'invalid_text',
    'events[0].prompt',
    /^events\[0\]\.prompt: is not valid UTF-8 \(byte 0xc3 at offset \d+ of the body\); refused, not replaced$/,
  ],
  [
    'attributes 20,000 deep',
    raw(
      trace('bad-deep'),
      '"framework"',
      `"attributes":{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}},"framework"`,
    ),
    'application/json',
    400,
    'validation',
    'attributes.x',
    /^attributes\.x: is nested deeper than the limit of 512 levels of JSON/,
  ],
  [
    'a __proto__ name',
    raw(trace('bad-proto'), '"framework"', '"__proto__":{"admin":true},"framework"'),
    'application/json',
    400,
    'validation',
    '__proto__',
    /^__proto__: the member name "__proto__" is not accepted/,
  ],
  [
    'a number beyond JSON',
    raw(trace('bad-number'), '"framework"', '"attributes":{"n":-1e999},"framework"'),
    'application/json',
    400,
    'validation',
    'attributes.n',
    /^attributes\.n: is a number beyond the range of JSON numbers/,
  ],
  [
    'JSON sent as text/plain',
    JSON.stringify(trace('bad-text-plain')),
    'text/plain',
    415,
    'unsupported_media_type',
    'Content-Type',
    /^Content-Type: must be application\/json$/,
  ],
];

describe('POST /api/v1/traces: bad bodies', () => {
  it.each(BAD)(
    '%s: refused in the documented shape, store unchanged',
    async (_n, body, type, status, kind, field, details) => {
      const before = snapshot();
      const a = await api(url, '/api/v1/traces', {
        method: 'POST',
        raw: body,
        headers: { 'content-type': type },
      });
      const error = expectErrorShape(a, status, field);
      expect(error.type).toBe(kind);
      expect(error.details).toMatch(details);
      expect(error.details).not.toMatch(/malformed JSON/);
      expect(snapshot()).toBe(before);
    },
  );

  it('40 good traces sent at once beside the bad ones: every good one 201 and stored, every bad one refused', async () => {
    const goods = Array.from({ length: 40 }, (_, i) => trace(`burst-good-${i}`));
    const requests = [
      ...goods.map((t) => ({
        body: JSON.stringify(t) as string | Buffer,
        type: 'application/json',
        want: 201,
      })),
      ...BAD.map(([, body, type, status]) => ({ body, type, want: status })),
    ];
    // Interleaved, so bad ones arrive in the same turns as good ones.
    requests.sort((a, b) => (a.body.length % 7) - (b.body.length % 7));
    const answers = await Promise.all(
      requests.map((r) =>
        api(url, '/api/v1/traces', {
          method: 'POST',
          raw: r.body,
          headers: { 'content-type': r.type },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(requests.map((r) => r.want));
    const stored = withDb(
      dir.dir,
      (db) =>
        (
          db
            .prepare("SELECT session_id FROM traces WHERE session_id LIKE 'burst-good-%'")
            .all() as Array<{ session_id: string }>
        ).length,
    );
    expect(stored).toBe(40);
  });
});

describe('other routes get the same body rules', () => {
  it.each([
    [
      'POST',
      '/api/v1/events',
      '[{"agent":"bot","type":"message"},{"agent":"bot","type":"message","prompt":"\\udfff"}]',
      '[1].prompt',
    ],
    ['POST', '/api/v1/kill-switch/activate', '{"reason":"x\\ud800"}', 'reason'],
  ])(
    '%s %s: a lone surrogate is 400 invalid_text naming %s, nothing stored',
    async (method, path, body, field) => {
      const before = snapshot();
      const a = await api(url, path, { method, raw: body });
      expect(expectErrorShape(a, 400, field).type).toBe('invalid_text');
      expect(snapshot()).toBe(before);
    },
  );
});

describe('audit events take the trace rules for their timestamp', () => {
  it('a date that does not exist (2026-02-30) is 400 naming [1].timestamp, nothing stored', async () => {
    const before = snapshot();
    const a = await api(url, '/api/v1/events', {
      method: 'POST',
      raw: '[{"agent":"bot","type":"message"},{"agent":"bot","type":"message","timestamp":"2026-02-30T10:00:00Z"}]',
    });
    expect(expectErrorShape(a, 400, '[1].timestamp').details).toContain('2026-02-30T10:00:00Z');
    expect(snapshot()).toBe(before);
  });
});

describe('query and path parameters', () => {
  const LISTS = [
    '/api/v1/traces',
    '/api/v1/events',
    '/api/v1/findings',
    '/api/v1/packs',
    '/api/v1/reports',
  ];
  const PARAMS = ['offset', 'limit', 'page', 'page_size'];
  it.each(LISTS.flatMap((path) => PARAMS.map((p) => [path, p] as const)))(
    'GET %s?%s=1e309 is 400 naming the parameter',
    async (path, param) => {
      const a = await api(url, `${path}?${param}=1e309`);
      const error = expectErrorShape(a, 400, param);
      expect(error.details).toMatch(new RegExp(`^${param}: must be <= \\d+$`));
    },
  );

  it.each(['/api/v1/traces/', '/api/v1/events/', '/api/v1/findings/', '/api/v1/reports/'])(
    "GET %s{5000-character id} is 400 naming id, not fastify's 414",
    async (path) => {
      const a = await api(url, path + 'x'.repeat(5000));
      const error = expectErrorShape(a, 400, 'id');
      expect(error.details).toBe('id: must be at most 256 characters');
    },
  );

  it('an empty body labelled JSON: 400 where the route takes a body, accepted on a bodiless DELETE', async () => {
    const json = { 'content-type': 'application/json' };
    const before = snapshot();
    const empty = await api(url, '/api/v1/traces', { method: 'POST', raw: '', headers: json });
    expect(expectErrorShape(empty, 400, 'body').details).toBe('body: is empty');
    expect(snapshot()).toBe(before);
    const key = await api<{ key_id: string }>(url, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'labelled-delete', role: 'viewer' },
    });
    expect(key.status, key.text).toBe(201);
    const revoked = await api(url, `/api/v1/keys/${key.body.key_id}`, {
      method: 'DELETE',
      headers: json,
    });
    expect(revoked.status, revoked.text).toBe(200);
  });

  it('a URL that does not decode (an encoded lone surrogate) is 400 in the documented shape', async () => {
    const a = await api(url, '/api/v1/traces/%ED%A0%80');
    expectErrorShape(a, 400, 'path');
  });

  it('a pack id that breaks its pattern is named with the pattern, not as a date-time', async () => {
    const a = await api(url, '/api/v1/exports/..%2Fsecret');
    const error = expectErrorShape(a, 400, 'pack_id');
    expect(error.details).not.toMatch(/date-time/);
  });
});
