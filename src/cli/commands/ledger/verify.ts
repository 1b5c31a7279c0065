import { CheckFailed } from '../../../errors.js';
import { verifyLedgerParallel } from '../../../store/verify-parallel.js';
import { defineCommand } from '../../command.js';

export const verifyCommand = defineCommand({
  path: ['verify'],
  description:
    'verify the ledger: every record digest, the hash chain, the Merkle root and the signed tree head',
  examples: [
    'audit verify',
    'audit verify --json',
    'docker exec evid audit verify || echo "ledger broken"',
  ],
  async run(ctx) {
    const app = ctx.app();
    const store = app.store;
    const verdict = await verifyLedgerParallel(store, app.signer.publicKey, store.origin, {
      threads: app.config.scanThreads,
      chunkSize: app.config.scanChunk,
    });
    return {
      data: verdict,
      failure: verdict.ok
        ? undefined
        : new CheckFailed(
            `ledger verification failed at seq ${verdict.first_bad_seq}: ${verdict.reason}: ${verdict.message}`,
          ),
      view: (ui) =>
        ui.fields([
          ['verdict', ui.status(verdict.ok, verdict.ok ? 'OK' : `FAILED (${verdict.reason})`)],
          ['entries checked', verdict.entries_checked],
          ['root hash', verdict.root_hash],
          [
            'signed tree head',
            verdict.signed_tree_head
              ? `size ${verdict.signed_tree_head.tree_size} at ${verdict.signed_tree_head.signed_at}`
              : 'none (empty ledger)',
          ],
          ['key fingerprint', verdict.signed_tree_head?.key_fingerprint],
          ['purged records', verdict.purged],
          ...(verdict.ok
            ? []
            : ([
                ['first bad seq', verdict.first_bad_seq],
                [
                  'record',
                  verdict.record ? `${verdict.record.kind} ${verdict.record.subject_id}` : '-',
                ],
              ] as Array<[string, unknown]>)),
          ['message', verdict.message],
        ]),
    };
  },
});
