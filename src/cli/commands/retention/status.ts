import { defineCommand } from '../../command.js';

function bytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? v : v.toFixed(1)} ${units[u]}`;
}

export const retentionStatusCommand = defineCommand({
  path: ['retention', 'status'],
  description:
    'the retention policy, storage use, oldest record, legal holds, records purged so far and the next run',
  examples: ['evid retention status', 'evid retention status --json | jq .storage_used_percent'],
  async run(ctx) {
    const { retentionStatus } = await import('../../../retention/status.js');
    const app = ctx.app();
    const data = await retentionStatus(app.store, {
      now: ctx.now(),
      intervalMs: app.config.retentionIntervalMs,
    });
    return {
      data,
      notes: data.warning ? [`warning: ${data.warning}`] : [],
      view: (ui) =>
        ui.table(
          ['setting', 'value'],
          [
            ['days', data.days === null ? 'not set (nothing is purged)' : String(data.days)],
            ['enforce', data.enforce ? 'yes' : 'no'],
            ['storage used', `${data.storage_used_percent}% of ${bytes(data.volume_bytes)}`],
            ['store size', bytes(data.store_bytes)],
            ['oldest record', data.oldest_record_at ?? '-'],
            ['legal holds', String(data.legal_holds)],
            ['records purged', String(data.records_purged)],
            ['last run', data.last_run_at ?? '-'],
            ['next run', data.next_run_at ?? '-'],
          ],
        ),
    };
  },
});
