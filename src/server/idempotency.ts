import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { ConflictError, ValidationError } from '../errors.js';
import { canonicalize } from '../ledger/jcs.js';
import type { Store } from '../store/store.js';
import { prefersAsync } from './jobs.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { key: string; principal: string; hash: string; release(): void };
  }
}

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

interface Stored {
  request_hash: string;
  status: number;
  response_body: string;
}

/**
 * `Idempotency-Key` on POST/PUT/PATCH (DESIGN.md): the first answer (2xx or 4xx) is kept
 * for 24 h per caller and key; a replay with the same request (method, URL, canonical
 * JSON body and whether it prefers respond-async) gets that answer again with `Idempotent-Replayed: true`; the same key with
 * another request is 409. A request arriving while the first with its key is in flight
 * waits for it. 5xx and 429 answers are not kept, so a retry after them runs again.
 * Receivers (OTLP, webhook, gateway: raw-body routes) are left out: a redelivery is already
 * a duplicate by event id, and a gateway call's key is for the upstream, forwarded as is.
 */
export function installIdempotency(app: FastifyInstance, store: () => Store): void {
  const inflight = new Map<string, Promise<void>>();
  let lastPurge = 0;

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' && request.method !== 'PUT' && request.method !== 'PATCH') return;
    // Receivers (raw bodies) deduplicate by event id, and the gateway's key is its upstream's.
    if ((request.routeOptions.config as { rawBody?: boolean } | undefined)?.rawBody) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (!KEY_SHAPE.test(key)) {
      throw new ValidationError('Idempotency-Key: must be 1 to 255 visible ASCII characters', {
        field: 'Idempotency-Key',
      });
    }
    const principal = request.principal?.id ?? 'anonymous';
    // A 202 with a job and a 200 with the result are different answers: `Prefer:
    // respond-async` is part of the request (added only when present, so older keys match).
    const async = prefersAsync(request.headers.prefer) ? '\nPrefer: respond-async' : '';
    const hash = createHash('sha256')
      .update(`${request.method} ${request.url}\n${canonicalize(request.body ?? null)}${async}`)
      .digest('hex');
    const slot = `${principal}\u0000${key}`;
    for (let waiting = inflight.get(slot); waiting; waiting = inflight.get(slot)) await waiting;
    const row = store().read(
      (r) =>
        r
          .prepare(
            'SELECT request_hash, status, response_body FROM idempotency WHERE principal = ? AND key = ?',
          )
          .get(principal, key) as Stored | undefined,
    );
    if (row) {
      if (row.request_hash !== hash) {
        throw new ConflictError('Idempotency-Key: was already used with a different request', {
          field: 'Idempotency-Key',
        });
      }
      return reply
        .code(row.status)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(row.response_body);
    }
    let done!: () => void;
    inflight.set(slot, new Promise<void>((resolve) => (done = resolve)));
    request.idempotency = {
      key,
      principal,
      hash,
      release: () => {
        inflight.delete(slot);
        done();
      },
    };
    return undefined;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const idem = request.idempotency;
    if (!idem) return payload;
    request.idempotency = undefined;
    try {
      if (typeof payload === 'string' && reply.statusCode < 500 && reply.statusCode !== 429) {
        store().transact((tx) => {
          const now = tx.now();
          tx.prepare(
            `INSERT OR IGNORE INTO idempotency (key, principal, request_hash, status, response_body, created_at)
             VALUES (?, ?, ?, ?, ?, ?)`,
          ).run(idem.key, idem.principal, idem.hash, reply.statusCode, payload, now);
          if (Date.now() - lastPurge > 3_600_000) {
            lastPurge = Date.now();
            const cutoff = new Date(Date.parse(now) - IDEMPOTENCY_TTL_MS).toISOString();
            tx.prepare('DELETE FROM idempotency WHERE created_at < ?').run(cutoff);
          }
        });
      }
    } finally {
      idem.release();
    }
    return payload;
  });

  const release = async (request: { idempotency?: { release(): void } }): Promise<void> => {
    request.idempotency?.release();
    request.idempotency = undefined;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
