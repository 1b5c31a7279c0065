import { storeStatus } from '../../../store/status.js';
import { defineCommand } from '../../command.js';

export const statusCommand = defineCommand({
  path: ['status'],
  description: 'collection status: traces, events, agents, ledger size and storage usage',
  examples: ['evid status', 'evid status --json', 'docker exec evid evid status'],
  run(ctx) {
    const data = storeStatus(ctx.app().store);
    return {
      data,
      view: (ui) =>
        ui.fields([
          ['data dir', data.data_dir],
          ['traces', data.traces],
          ['events', data.events],
          ['agents', data.agents],
          ['first event', data.first_event_at],
          ['last event', data.last_event_at],
          [
            'findings',
            `${data.findings.total} (${
              Object.entries(data.findings.by_severity)
                .filter(([, n]) => n > 0)
                .map(([k, n]) => `${ui.severity(k)} ${n}`)
                .join(', ') || 'none'
            })`,
          ],
          [
            'findings by status',
            Object.entries(data.findings.by_status)
              .map(([k, n]) => `${k} ${n}`)
              .join(', '),
          ],
          ['ledger entries', data.ledger.entries],
          [
            'signed tree head',
            data.ledger.root_hash
              ? `size ${data.ledger.tree_size}, root ${data.ledger.root_hash.slice(0, 16)}…, ${data.ledger.signed_at}`
              : 'none yet',
          ],
          ['storage', formatBytes(data.storage_bytes)],
        ]),
    };
  },
});

function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(i === 0 ? 0 : 1)} ${units[i]}`;
}
