import { CheckFailed } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { VERSION } from '../../version.js';

export const siemFlushCommand = defineCommand({
  path: ['siem', 'flush'],
  description:
    'send what is queued for every SIEM target now, ignoring retry waits (for cron and CI); exit 1 if anything stays queued because a receiver failed',
  examples: ['evid siem flush', 'evid siem flush --json || echo "SIEM not reachable"'],
  async run(ctx) {
    const { drainAll } = await import('../../../outbox/drain.js');
    const { backoffPolicy } = await import('../../../outbox/backoff.js');
    const { newLeaseOwner } = await import('../../../outbox/lease.js');
    const app = ctx.app();
    const data = await drainAll(app.store, {
      dataDir: app.config.dataDir,
      version: VERSION,
      owner: newLeaseOwner(),
      now: () => new Date(),
      policy: backoffPolicy(app.config.siemRetryMs),
      smtp: app.config.smtp,
      force: true,
    });
    const failed = data.filter((t) => !t.ok);
    return {
      data,
      failure:
        failed.length > 0
          ? new CheckFailed(failed.map((t) => `${t.target_id}: ${t.answer ?? 'failed'}`).join('; '))
          : undefined,
      view: (ui) =>
        data.length === 0
          ? 'no SIEM targets: add one with evid siem add'
          : ui.table(
              ['id', 'result', 'sent', 'still queued', 'answer'],
              data.map((t) => [
                t.target_id,
                ui.status(t.ok, t.ok ? 'OK' : 'FAILED'),
                t.sent,
                t.pending,
                t.answer,
              ]),
            ),
    };
  },
});
