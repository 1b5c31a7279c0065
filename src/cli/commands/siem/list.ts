import { defineCommand } from '../../command.js';

export const siemListCommand = defineCommand({
  path: ['siem', 'list'],
  description:
    "list SIEM targets and monitoring sessions' alert channels (kind alert_webhook, alert_email) with their settings; secrets shown as ****",
  examples: ['evid siem list', "evid siem list --json | jq -r '.[].target_id'"],
  async run(ctx) {
    const { listTargets } = await import('../../../siem/targets.js');
    const data = ctx.app().store.read((r) => listTargets(r));
    return {
      data,
      notes: [`${data.length} target${data.length === 1 ? '' : 's'}`],
      view: (ui) =>
        data.length === 0
          ? 'no SIEM targets: add one with evid siem add'
          : ui.table(
              ['id', 'kind', 'endpoint', 'events', 'options', 'secret', 'created'],
              data.map((t) => [
                t.target_id,
                t.kind,
                t.endpoint,
                t.events,
                Object.entries(t.options)
                  .map(([k, v]) => `${k}=${String(v)}`)
                  .join(' '),
                t.secret,
                t.created_at,
              ]),
            ),
    };
  },
});
