import { CheckFailed, UsageError } from '../../../errors.js';
import type { StoreVerdict } from '../../../store/verify-store.js';
import { defineCommand, type RunContext } from '../../command.js';
import type { Ui } from '../../output/human.js';

function verdictFields(ui: Ui, v: StoreVerdict): Array<[string, unknown]> {
  return [
    ['verify', ui.status(v.ok, v.ok ? 'OK' : `FAILED (${v.reason})`)],
    ['entries checked', v.entries_checked],
    ['root hash', v.root_hash],
    ['key fingerprint', v.key_fingerprint],
    ['message', v.message],
  ];
}

async function verifier(ctx: RunContext) {
  const [{ Store }, { verifyStore }] = await Promise.all([
    import('../../../store/store.js'),
    import('../../../store/verify-store.js'),
  ]);
  const config = ctx.app().config;
  return async (dir: string, manifest: { first_key_fingerprint: string | null }) => {
    const store = new Store({ dataDir: dir, actor: config.actor, readonly: true });
    try {
      return await verifyStore(store, {
        // The manifest names the store's trust root: a backup without the key file (made
        // without --full) verifies against it, and a database swapped for another store's
        // fails against it.
        ...(manifest.first_key_fingerprint
          ? { pin: { fingerprint: manifest.first_key_fingerprint, source: 'fingerprint' as const } }
          : {}),
        threads: config.scanThreads,
        chunkSize: config.scanChunk,
      });
    } finally {
      store.close();
    }
  };
}

export const adminRestoreCommand = defineCommand({
  writes: true,
  path: ['admin', 'restore'],
  description:
    'restore a backup into a data directory: refuses a damaged or non-backup file (exit 2) and a directory holding a store unless --force (exit 4), verifies the ledger before anything is replaced, and prints the verdict',
  examples: [
    'evid admin restore /backups/evid-2026-11-24.zip --data-dir /var/lib/evid',
    'evid admin restore backup.zip --data-dir ./evid-data --force --json',
  ],
  args: ['<file>'],
  options: (cmd) =>
    cmd.option(
      '--force',
      'replace the store already in the directory (refused while a process has it open)',
    ),
  async run(ctx, [file], opts) {
    if (typeof opts.dataDir !== 'string')
      throw new UsageError('--data-dir: is required (the directory to restore into)');
    const { restoreBackup } = await import('../../../admin/restore.js');
    try {
      const data = await restoreBackup(file!, {
        dataDir: opts.dataDir,
        force: Boolean(opts.force),
        verify: await verifier(ctx),
      });
      return {
        data,
        notes: data.notes,
        view: (ui) =>
          ui.fields([
            ['restored', `${data.restored_files.join(', ')} into ${data.data_dir}`],
            ['backup of', `${data.manifest.created_at} (evid ${data.manifest.evid_version})`],
            ['replaced a store', data.replaced ? 'yes' : 'no'],
            ...verdictFields(ui, data.verify),
          ]),
      };
    } catch (err) {
      const verdict = (err as { verdict?: StoreVerdict }).verdict;
      if (!(err instanceof CheckFailed) || !verdict) throw err;
      return {
        data: { restored_files: [], verify: verdict },
        failure: err,
        view: (ui) => ui.fields(verdictFields(ui, verdict)),
      };
    }
  },
});
