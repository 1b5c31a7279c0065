import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { VERSION } from '../../version.js';

export const adminBackupCommand = defineCommand({
  path: ['admin', 'backup'],
  description:
    'write a consistent online backup of the store (SQLite backup API; a server may keep writing) to one file (0600) with a manifest holding the signed tree head; --full adds the key files and the configuration',
  examples: [
    'evid admin backup --output /backups/evid-$(date +%F).zip',
    'docker exec evid evid admin backup --full --output /var/lib/evid/backup.zip',
  ],
  options: (cmd) =>
    cmd
      .option('--output <file>', 'the backup file to write (replaced if it exists)')
      .option(
        '--full',
        'also the ledger signing key, the fingerprint and source-secret keys, and the configuration in effect (keep such a backup as secret as the data directory)',
      ),
  async run(ctx, _args, opts) {
    if (typeof opts.output !== 'string') throw new UsageError('--output: is required');
    const { createBackup } = await import('../../../admin/backup.js');
    const app = ctx.app();
    const data = await createBackup(app.store, app.config, {
      output: opts.output,
      full: Boolean(opts.full),
      version: VERSION,
      now: ctx.now,
    });
    return {
      data,
      notes: data.full
        ? ['this backup holds the ledger signing key: store it as securely as the data directory']
        : [
            "the key files are not in this backup (add --full, or back up the data directory's keys separately)",
          ],
      view: (ui) =>
        ui.fields([
          ['backup', data.output],
          ['size', `${data.size_bytes} bytes`],
          ['files', data.files.map((f) => f.name).join(', ')],
          [
            'signed tree head',
            data.tree_head
              ? `size ${data.tree_head.tree_size}, root ${data.tree_head.root_hash}, signed ${data.tree_head.signed_at}`
              : 'none (empty ledger)',
          ],
          ['key fingerprint', data.key_fingerprint],
        ]),
    };
  },
});
