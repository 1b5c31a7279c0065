import { readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import { CheckFailed, UsageError } from '../../../errors.js';
import { keyFingerprint } from '../../../ledger/tree-head.js';
import { loadPemKey, parseFingerprint } from '../../../packs/trust.js';
import type { LedgerTrust } from '../../../store/verify-keys.js';
import type { Store } from '../../../store/store.js';
import { verifyStore } from '../../../store/verify-store.js';
import { defineCommand } from '../../command.js';

export const verifyCommand = defineCommand({
  path: ['verify'],
  description:
    'verify the whole store: every ledger entry against its record and every ledgered row against its entry, the hash chain, the Merkle root, every signed tree head against the key chain, and optionally a pinned key and a saved checkpoint (read-only; a failure is then queued for the SIEM targets, if any)',
  examples: [
    'audit verify',
    'audit verify --json',
    'audit verify --fingerprint 3f1c...e9',
    'audit verify --key ledger-public.pem --checkpoint /backup/checkpoint-2026-11-24.txt',
    'docker exec evid audit verify || echo "ledger broken"',
  ],
  options: (cmd) =>
    cmd
      .option(
        '--fingerprint <hex>',
        "trust only a store whose ledger keys include this one (default: $EVID_TRUST_FINGERPRINT); the store's first fingerprint stays valid after rotations",
      )
      .option('--key <file>', 'trust only this Ed25519 public key (PEM), like --fingerprint')
      .option(
        '--checkpoint <file>',
        'a checkpoint saved earlier (`audit checkpoint`): the store must be an append-only extension of it',
      ),
  async run(ctx, _args, opts) {
    const app = ctx.app();
    const pinned = parsePin(opts, app.config.trustFingerprint);
    const store = app.readonlyStore();
    try {
      const verdict = await verifyStore(store, {
        ...(pinned.pin ? { pin: pinned.pin } : {}),
        ...(pinned.key ? { pinnedKey: pinned.key } : {}),
        ...(typeof opts.checkpoint === 'string' ? { checkpointFile: opts.checkpoint } : {}),
        threads: app.config.scanThreads,
        chunkSize: app.config.scanChunk,
      });
      const notes = verdict.ok ? [] : await queueForSiem(store, () => app.store, { ...verdict });
      return {
        data: verdict,
        notes,
        failure: verdict.ok
          ? undefined
          : new CheckFailed(
              `verification failed${verdict.first_bad_seq !== null ? ` at seq ${verdict.first_bad_seq}` : ''}: ${verdict.reason}: ${verdict.message}`,
            ),
        view: (ui) =>
          ui.fields([
            ['verdict', ui.status(verdict.ok, verdict.ok ? 'OK' : `FAILED (${verdict.reason})`)],
            ['entries checked', verdict.entries_checked],
            ['rows checked', Object.values(verdict.rows_checked).reduce((a, b) => a + b, 0)],
            ['root hash', verdict.root_hash],
            [
              'signed tree head',
              verdict.signed_tree_head
                ? `size ${verdict.signed_tree_head.tree_size} at ${verdict.signed_tree_head.signed_at} (${verdict.tree_heads_checked} heads checked)`
                : 'none (empty ledger)',
            ],
            ['key fingerprint', verdict.key_fingerprint],
            ...(verdict.current_key_fingerprint !== verdict.key_fingerprint
              ? ([['current key', verdict.current_key_fingerprint]] as Array<[string, unknown]>)
              : []),
            [
              'pinned',
              verdict.pinned_fingerprint ?? 'no (pin with --fingerprint, --key or --checkpoint)',
            ],
            ...(verdict.checkpoint
              ? ([
                  [
                    'checkpoint',
                    `size ${verdict.checkpoint.tree_size ?? '?'}: ${verdict.checkpoint.consistent ? 'consistent' : 'NOT consistent'}`,
                  ],
                ] as Array<[string, unknown]>)
              : []),
            ['purged records', verdict.purged],
            ...(verdict.ok
              ? []
              : ([
                  ['first bad seq', verdict.first_bad_seq ?? '-'],
                  [
                    'record',
                    verdict.record
                      ? `${verdict.record.kind} ${verdict.record.subject_id}`
                      : verdict.row
                        ? `${verdict.row.table} ${verdict.row.id}`
                        : '-',
                  ],
                ] as Array<[string, unknown]>)),
            ['message', verdict.message],
          ]),
      };
    } finally {
      store.close();
    }
  },
});

/**
 * A failed verify is sent to the SIEM targets. Verify itself only reads (and may run on a
 * read-only copy), so the failure is queued afterwards in a small write of its own, only
 * when a target exists; a store too broken to take even that write says so on stderr and
 * the verdict stands.
 */
async function queueForSiem(
  readonly: Store,
  writable: () => Store,
  verdict: Record<string, unknown>,
): Promise<string[]> {
  let targets = 0;
  try {
    targets = readonly.read(
      (r) =>
        r
          .prepare('SELECT COUNT(*) FROM siem_targets WHERE removed_at IS NULL')
          .pluck()
          .get() as number,
    );
  } catch {
    return []; // a store this broken has no targets anyone can rely on
  }
  if (targets === 0) return [];
  try {
    const { enqueueVerifyFailure } = await import('../../../outbox/enqueue.js');
    const queued = writable().transact((tx) => enqueueVerifyFailure(tx, verdict));
    return [
      `the failure is queued for ${queued} SIEM target(s); evid serve or evid siem flush sends it`,
    ];
  } catch (err) {
    return [`the failure could not be queued for the SIEM targets: ${(err as Error).message}`];
  }
}

/** --key FILE, else --fingerprint HEX, else $EVID_TRUST_FINGERPRINT, else nothing pinned. */
function parsePin(
  opts: Record<string, unknown>,
  envFingerprint: string | undefined,
): { pin?: NonNullable<LedgerTrust['pin']>; key?: KeyObject } {
  if (opts.key !== undefined && opts.fingerprint !== undefined) {
    throw new UsageError('give --key or --fingerprint, not both');
  }
  if (typeof opts.key === 'string') {
    let key: KeyObject;
    try {
      key = loadPemKey(readFileSync(opts.key, 'utf8'));
    } catch (err) {
      throw new UsageError(
        `--key: cannot read an Ed25519 public key from ${opts.key} (${(err as Error).message})`,
      );
    }
    return { pin: { fingerprint: keyFingerprint(key), source: 'key' }, key };
  }
  if (typeof opts.fingerprint === 'string') {
    return { pin: { fingerprint: parseFingerprint(opts.fingerprint), source: 'fingerprint' } };
  }
  if (envFingerprint) {
    return {
      pin: {
        fingerprint: parseFingerprint(envFingerprint, 'EVID_TRUST_FINGERPRINT'),
        source: 'env',
      },
    };
  }
  return {};
}
