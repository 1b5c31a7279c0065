import { defineCommand } from '../../command.js';

export const siemStatusCommand = defineCommand({
  path: ['siem', 'status'],
  description:
    'per SIEM target: state (idle, sending, error), last event time, events forwarded, errors, queue depth and the last error',
  examples: ['evid siem status', "evid siem status --json | jq '.[] | select(.queue_depth > 0)'"],
  async run(ctx) {
    const { targetStatuses } = await import('../../../siem/status.js');
    const data = ctx.app().store.read((r) => targetStatuses(r));
    return {
      data,
      view: (ui) =>
        data.length === 0
          ? 'no SIEM targets: add one with evid siem add'
          : ui.table(
              ['id', 'kind', 'state', 'last event', 'forwarded', 'errors', 'queued', 'last error'],
              data.map((t) => [
                t.target_id,
                t.kind,
                t.state === 'error' ? ui.status(false, t.state) : t.state,
                t.last_event_at,
                t.forwarded_count,
                t.error_count,
                t.queue_depth,
                t.last_error,
              ]),
            ),
    };
  },
});
