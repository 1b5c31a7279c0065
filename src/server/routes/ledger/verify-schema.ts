import { orNull } from '../../route.js';

const integer = { type: 'integer' } as const;
const string = { type: 'string' } as const;

/** A closed object, or null where the verdict has none. */
const objectOrNull = (
  description: string,
  properties: Record<string, unknown>,
): Record<string, unknown> => ({
  type: ['object', 'null'],
  description,
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});

/** src/store/verify-store.ts StoreVerdict: `audit verify --json`'s verdict. */
const storeVerdictSchema = {
  $id: 'StoreVerdict',
  type: 'object',
  additionalProperties: false,
  required: [
    'ok',
    'entries_checked',
    'tree_size',
    'root_hash',
    'key_fingerprint',
    'current_key_fingerprint',
    'keys',
    'pinned_fingerprint',
    'signed_tree_head',
    'tree_heads_checked',
    'rows_checked',
    'purged',
    'first_bad_seq',
    'reason',
    'record',
    'row',
    'message',
    'scan',
    'key_file_fingerprint',
    'checkpoint',
  ],
  properties: {
    ok: { type: 'boolean' },
    entries_checked: integer,
    tree_size: integer,
    root_hash: orNull('string', 'null for an empty ledger'),
    key_fingerprint: orNull('string', "the store's trust root: its first ledger key"),
    current_key_fingerprint: orNull('string', 'the key that signs the next tree head'),
    keys: {
      type: 'array',
      description: 'the key chain: the first key, then each rotation',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['seq', 'fingerprint', 'previous_fingerprint', 'reason'],
        properties: {
          seq: integer,
          fingerprint: string,
          previous_fingerprint: orNull('string'),
          reason: string,
        },
      },
    },
    pinned_fingerprint: orNull('string', 'the fingerprint the caller pinned (REST: none)'),
    signed_tree_head: objectOrNull('the latest signed tree head; null before the first', {
      tree_size: integer,
      root_hash: string,
      signed_at: string,
      key_fingerprint: orNull('string'),
      checkpoint: string,
    }),
    tree_heads_checked: integer,
    rows_checked: {
      type: 'object',
      description: 'rows per ledgered table, each checked against its ledger entry',
      additionalProperties: integer,
    },
    purged: integer,
    first_bad_seq: orNull('integer'),
    reason: orNull(
      'string',
      'tampered, missing, reordered, truncated, signature, unsealed, unledgered, key, untrusted_key or rollback; null when ok',
    ),
    record: objectOrNull('the ledger entry at fault', {
      seq: integer,
      kind: string,
      subject_id: string,
    }),
    row: objectOrNull('a table row at fault (inserted outside the ledger, or edited)', {
      table: string,
      id: string,
    }),
    message: string,
    scan: objectOrNull('the parallel fast path: chunks and worker threads; null: sequential', {
      chunks: integer,
      threads: integer,
    }),
    key_file_fingerprint: orNull('string', 'the key file beside the store; null: none'),
    checkpoint: { type: 'null', description: 'REST verify takes no saved checkpoint' },
  },
} as const;

/** POST /api/v1/ledger/verify's answer (and its verify job's `result`). */
export const verifyRunSchema = {
  $id: 'VerifyRun',
  type: 'object',
  additionalProperties: false,
  required: ['started_at', 'finished_at', 'actor', 'verdict', 'job_id'],
  properties: {
    started_at: string,
    finished_at: string,
    actor: string,
    verdict: storeVerdictSchema,
    job_id: { type: 'string', description: 'the verify job (GET /api/v1/jobs/{id})' },
  },
} as const;
