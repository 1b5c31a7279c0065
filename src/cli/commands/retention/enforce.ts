import { defineCommand } from '../../command.js';

export const retentionEnforceCommand = defineCommand({
  writes: true,
  path: ['retention', 'enforce'],
  description:
    'purge the content of records older than the retention window now, in batches (held records stay; ledgered)',
  examples: ['evid retention enforce --dry-run', 'evid retention enforce --json'],
  options: (cmd) => cmd.option('--dry-run', 'say what would be purged; change nothing'),
  async run(ctx, _args, opts) {
    const { enforceRetention } = await import('../../../retention/enforce.js');
    const data = await enforceRetention(ctx.app().store, {
      now: ctx.now(),
      dryRun: Boolean(opts.dry_run ?? opts.dryRun),
    });
    const what = `${data.events_purged} events and ${data.findings_purged} findings older than ${data.cutoff} (${data.days} days)`;
    const notes = [`${data.events_held} expired events kept by legal holds`];
    if (data.space) {
      notes.push(
        data.space.auto_vacuum === 'incremental'
          ? `${data.space.bytes_freed} bytes returned to the file system`
          : `${data.space.bytes_reusable} bytes free inside the store for reuse (VACUUM offline to shrink the file)`,
      );
    }
    return {
      data,
      notes,
      view: () =>
        data.dry_run
          ? `would purge ${what}, in ${data.traces} traces; nothing changed`
          : `purged ${what}, in ${data.batches} batches`,
    };
  },
});
