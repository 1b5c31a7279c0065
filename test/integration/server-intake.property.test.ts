import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { buildServer } from '../../src/server/app.js';
import { IngestBatcher } from '../../src/server/ingest-batcher.js';
import { tempDataDir } from '../support/cli.js';
import { candidates, forRun } from '../support/intake-arbitraries.js';
import { trace } from '../support/server.js';
import { withDb } from '../support/tamper.js';

/**
 * Issue 20, REST intake, in process: whatever the bodies, POST /api/v1/traces never
 * answers 500, and one request's failure never changes another's answer, even when they
 * are group-committed together (src/server/ingest-batcher.ts).
 */
const KEY = 'intake-prop-key-0123456789abcdef';
let store: { dir: string; cleanup(): void };
let ctx: AppContext;
let app: FastifyInstance;
beforeAll(async () => {
  store = tempDataDir('evid-server-prop-');
  ctx = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_API_KEY: KEY } });
  app = await buildServer(ctx, { bin: 'evid', rateLimit: 'off' });
  // The store opens (and migrates) lazily, on its first read or write; a run whose drawn
  // bodies are all rejected would otherwise leave no tables for storedSessions() to read.
  ctx.store.read(() => undefined);
});
afterAll(async () => {
  await app.close();
  ctx.close();
  store.cleanup();
});

const post = (body: Buffer | string, type = 'application/json') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/traces',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': type },
    payload: body,
  });

function storedSessions(): Set<string> {
  return withDb(
    store.dir,
    (db) =>
      new Set(
        (db.prepare('SELECT session_id FROM traces').all() as Array<{ session_id: string }>).map(
          (r) => r.session_id,
        ),
      ),
  );
}

describe('POST /api/v1/traces over arbitrary bodies (fast-check)', () => {
  it('never 500; each body answered on its own, concurrent good traces all stored', async () => {
    await fc.assert(
      fc.asyncProperty(candidates(8), async (drawn) => {
        const list = forRun(drawn);
        // All at once: the batcher groups those that arrive in one turn of the event loop.
        const answers = await Promise.all(list.map((c) => post(c.bytes)));
        const stored = storedSessions();
        list.forEach((c, i) => {
          const a = answers[i]!;
          expect(a.statusCode, a.body).not.toBe(500);
          const body = JSON.parse(a.body) as { error?: { request_id?: string; type?: string } };
          if (c.want === 'accept')
            expect({ kind: c.kind, status: a.statusCode }).toEqual({ kind: c.kind, status: 201 });
          if (c.want === 'reject') {
            expect({ kind: c.kind, status: a.statusCode }).toEqual({ kind: c.kind, status: 400 });
            expect(body.error?.request_id).toMatch(/^req_/);
          }
          if (c.session) expect(stored.has(c.session)).toBe(a.statusCode === 201);
        });
      }),
      { numRuns: 25 },
    );
  });
});

describe('group commit: one trace failing never changes another answer', () => {
  it('an unexpected (non-EvidError) failure inside a batch: the others are stored, it alone fails', async () => {
    const batcher = new IngestBatcher(() => ctx.store);
    const poisoned = {
      ...trace('batch-poisoned'),
      // Throws a plain Error while the pipeline reads the trace: no validation covers it.
      get surprise(): unknown {
        throw new Error('boom');
      },
    };
    const goods = Array.from({ length: 39 }, (_, i) => trace(`batch-good-${i}`));
    const results = await Promise.allSettled([
      ...goods.slice(0, 20).map((t) => batcher.submit(t, 'test')),
      batcher.submit(poisoned, 'test'),
      ...goods.slice(20).map((t) => batcher.submit(t, 'test')),
    ]);
    const bad = results.splice(20, 1)[0]!;
    expect(bad.status).toBe('rejected');
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.status : 'threw'))).toEqual(
      goods.map(() => 'accepted'),
    );
    const stored = storedSessions();
    expect(goods.every((t) => stored.has(t.session_id as string))).toBe(true);
    expect(stored.has('batch-poisoned')).toBe(false);
  });
});
