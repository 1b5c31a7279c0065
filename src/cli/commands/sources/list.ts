import { defineCommand } from '../../command.js';

export const sourcesListCommand = defineCommand({
  path: ['sources', 'list'],
  description:
    'list sources with their status (never, receiving, idle, error), counters and last error; never a credential',
  examples: [
    'evid sources list',
    'evid sources list --json | jq \'.[] | select(.status == "error")\'',
  ],
  async run(ctx) {
    const { listSources } = await import('../../../sources/registry.js');
    const data = ctx.app().store.read((r) => listSources(r));
    return {
      data,
      notes: [`${data.length} source${data.length === 1 ? '' : 's'}`],
      view: (ui) =>
        data.length === 0
          ? 'no sources: add one with evid sources add'
          : ui.table(
              [
                'id',
                'type',
                'name',
                'endpoint',
                'status',
                'last event',
                'events',
                'errors',
                'skipped',
                'last error',
              ],
              data.map((s) => [
                s.source_id,
                s.type,
                s.name,
                s.endpoint,
                s.status === 'error' ? ui.status(false, s.status) : s.status,
                s.last_event_at,
                s.event_count,
                s.error_count,
                s.skipped_count,
                s.last_error,
              ]),
            ),
    };
  },
});
