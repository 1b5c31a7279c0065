import { listSources } from '../../../sources/registry.js';
import type { Source } from '../../../sources/types.js';
import { storeStatus } from '../../../store/status.js';
import type { Ui } from '../../output/human.js';
import { defineCommand } from '../../command.js';

export const statusCommand = defineCommand({
  path: ['status'],
  description:
    'collection status: traces, events, agents, ledger size, storage usage and each source of live evidence',
  examples: ['evid status', 'evid status --json', 'docker exec evid evid status'],
  run(ctx) {
    const store = ctx.app().store;
    const data = { ...storeStatus(store), sources: store.read((r) => listSources(r)) };
    return {
      data,
      view: (ui) =>
        [
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
          sourcesView(ui, data.sources),
        ].join('\n'),
    };
  },
});

/** A line per source: name, type, status, events, errors, last event. */
function sourcesView(ui: Ui, sources: Source[]): string {
  if (sources.length === 0) return `\n${ui.colour.dim('sources')}  none (evid sources add)`;
  const width = Math.max(...sources.map((s) => s.name.length));
  const lines = sources.map((s) => {
    // Padded before colouring: escape codes would count as width.
    const padded = s.status.padEnd(9);
    const status = s.status === 'error' ? ui.status(false, padded) : padded;
    return `  ${s.name.padEnd(width)}  ${s.type.padEnd(7)}  ${status}  ${s.event_count} events, ${s.error_count} errors, last event ${s.last_event_at ?? 'never'}`;
  });
  return `\n${ui.colour.dim('sources')}\n${lines.join('\n')}`;
}

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
