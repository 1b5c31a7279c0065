import { ledgerPublicKeys } from '../../../store/ledger-public.js';
import { defineRoute } from '../../route.js';
import { lastVerify } from './last-verify.js';

export const ledgerHeadRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/ledger',
  summary: 'the ledger: latest signed tree head, key fingerprint, purged counts, last verify',
  tag: 'ledger',
  auth: 'read',
  schema: {
    response: {
      200: {
        type: 'object',
        description: 'the ledger: its size, latest signed tree head, key, purges and last verify',
        additionalProperties: false,
        required: ['entries', 'tree_head', 'key', 'purged', 'last_verify'],
        properties: {
          entries: { type: 'integer' },
          tree_head: {
            type: ['object', 'null'],
            description: 'the latest signed tree head; null before the first entry',
            additionalProperties: false,
            required: ['origin', 'tree_size', 'root_hash', 'signed_at', 'checkpoint'],
            properties: {
              origin: { type: 'string', description: "the store's checkpoint origin line" },
              tree_size: { type: 'integer' },
              root_hash: { type: 'string', description: 'hex' },
              signed_at: { type: 'string' },
              checkpoint: { type: 'string', description: 'the signed checkpoint note (C2SP)' },
            },
          },
          key: {
            type: ['object', 'null'],
            description: 'the signing key; null before the first entry',
            additionalProperties: false,
            required: ['fingerprint', 'first_fingerprint', 'verifier_key', 'rotations'],
            properties: {
              fingerprint: { type: 'string', description: 'of the current key' },
              first_fingerprint: { type: 'string' },
              verifier_key: { type: 'string', description: 'the note verifier key' },
              rotations: { type: 'integer' },
            },
          },
          purged: {
            type: 'object',
            additionalProperties: false,
            required: ['records', 'batches'],
            properties: { records: { type: 'integer' }, batches: { type: 'integer' } },
          },
          last_verify: {
            type: ['object', 'null'],
            description: 'the last verify this server process ran; null before one',
            additionalProperties: false,
            required: ['started_at', 'finished_at', 'actor', 'ok', 'entries_checked'],
            properties: {
              started_at: { type: 'string' },
              finished_at: { type: 'string' },
              actor: { type: 'string' },
              ok: { type: 'boolean' },
              entries_checked: { type: 'integer' },
            },
          },
        },
      },
    },
  },
  handler(_req, _reply, ctx) {
    return ctx.store.read((r) => {
      const head = r
        .prepare(
          'SELECT tree_size, root_hash, signed_at, checkpoint FROM tree_heads ORDER BY tree_size DESC LIMIT 1',
        )
        .get() as Record<string, unknown> | undefined;
      const entries =
        (r.prepare('SELECT MAX(seq) AS n FROM ledger').get() as { n: number | null }).n ?? 0;
      const count = (sql: string): number => (r.prepare(sql).get() as { n: number }).n;
      const keys = entries > 0 ? ledgerPublicKeys(r, ctx.store.origin) : undefined;
      const last = lastVerify(ctx);
      return {
        entries,
        tree_head: head ? { origin: ctx.store.origin, ...head } : null,
        key: keys
          ? {
              fingerprint: keys.fingerprint,
              first_fingerprint: keys.first_fingerprint,
              verifier_key: keys.verifier_key,
              rotations: keys.keys.length - 1,
            }
          : null,
        // From the purge batches (each counts its records): no scan of the events table.
        purged: {
          records: count('SELECT COALESCE(SUM(count), 0) AS n FROM purge_batches'),
          batches: count('SELECT COUNT(*) AS n FROM purge_batches'),
        },
        last_verify: last
          ? {
              started_at: last.started_at,
              finished_at: last.finished_at,
              actor: last.actor,
              ok: last.verdict.ok,
              entries_checked: last.verdict.entries_checked,
            }
          : null,
      };
    });
  },
});
