import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CheckFailed, NotFoundError, UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { optionalString } from '../../options.js';

export const evidenceVerifyCommand = defineCommand({
  path: ['evidence', 'verify'],
  description:
    'verify a pack: file hashes, signatures, inclusion proofs, records, and consistency with the store',
  examples: [
    'audit evidence verify',
    'audit evidence verify /tmp/q1.zip',
    'audit evidence verify pack.zip --fingerprint 3f1c...e9 --json',
  ],
  args: ['[pack]'],
  options: (cmd) =>
    cmd
      .option('--key <file>', 'trust this Ed25519 public key (PEM) instead of the store key')
      .option('--fingerprint <hex>', "trust the pack's key only if it has this fingerprint"),
  async run(ctx, [pack], opts) {
    const [
      { loadPack },
      { verifyPack },
      { resolveTrustRoot },
      { findPack, latestPack },
      { DB_FILE },
    ] = await Promise.all([
      import('../../../packs/load-pack.js'),
      import('../../../packs/verify.js'),
      import('../../../packs/trust.js'),
      import('../../../packs/pack-store.js'),
      import('../../../store/open.js'),
    ]);
    const app = ctx.app();
    const dataDir = app.config.dataDir;
    const haveStore = existsSync(join(dataDir, DB_FILE));
    let path: string;
    if (pack === undefined) {
      if (!haveStore) {
        throw new UsageError(`no pack given and no store at ${dataDir} to take the latest from`);
      }
      path = app.store.read((r) => latestPack(r)).path;
    } else if (existsSync(pack)) {
      path = pack;
    } else {
      const row = haveStore ? app.store.read((r) => findPack(r, pack)) : undefined;
      if (!row) throw new NotFoundError(`no such file or pack: ${pack}`);
      path = row.path;
    }
    if (!existsSync(path)) throw new NotFoundError(`pack file ${path} no longer exists`);

    const { currentLedgerKey, publicKeyOf } = await import('../../../store/ledger-keys.js');
    const ledgerKey = haveStore ? app.store.read((r) => currentLedgerKey(r)) : undefined;
    const trust = resolveTrustRoot({
      keyFile: optionalString(opts.key),
      fingerprint: optionalString(opts.fingerprint),
      dataDir,
      storeKey: ledgerKey && publicKeyOf(ledgerKey),
    });
    // Reads the manifest first and the rest against it, bounded (a hostile pack may be a bomb).
    const loaded = await loadPack(path, trust);
    const store = app.store;
    const verdict = haveStore
      ? await verifyPack(loaded, trust, { origin: store.origin, read: (fn) => store.read(fn) })
      : await verifyPack(loaded, trust);
    return {
      data: verdict,
      failure: verdict.ok
        ? undefined
        : new CheckFailed(`pack verification failed: ${verdict.message}`),
      view: (ui) =>
        [
          ui.fields([
            ['verdict', ui.status(verdict.ok, verdict.ok ? 'OK' : `FAILED (${verdict.reason})`)],
            ['pack', `${verdict.pack_id} (${verdict.pack})`],
            ['built', verdict.created_at],
            [
              'trusted key',
              `${verdict.trusted_key.fingerprint} (from ${verdict.trusted_key.source})`,
            ],
            ['pack key', verdict.pack_key_fingerprint],
            [
              'verify.mjs',
              verdict.verifier.sha256
                ? `${verdict.verifier.sha256} (${verdict.verifier.same_as_installed ? 'same as this installation' : 'differs from this installation'})`
                : null,
            ],
            [
              'tree head',
              `size ${verdict.tree_head.tree_size}, root ${verdict.tree_head.root_hash}`,
            ],
            [
              'store tree head',
              verdict.store_tree_head
                ? `size ${verdict.store_tree_head.tree_size}, root ${verdict.store_tree_head.root_hash}`
                : null,
            ],
            [
              'records',
              `${verdict.counts.records} (${verdict.counts.purged} purged), ${verdict.counts.proofs} proofs`,
            ],
          ]),
          ui.table(
            ['check', 'result', 'detail'],
            verdict.checks.map((c) => [
              c.check,
              c.status === 'skipped'
                ? 'skipped'
                : ui.status(c.status === 'ok', c.status === 'ok' ? 'ok' : 'FAILED'),
              c.message,
            ]),
          ),
          verdict.message,
        ].join('\n'),
    };
  },
});
