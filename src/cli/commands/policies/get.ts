import { defineCommand } from '../../command.js';

export const policiesGetCommand = defineCommand({
  path: ['policies', 'get'],
  description: 'show the live detector policy (categories, thresholds, custom rules, redaction)',
  examples: ['evid policies get', 'evid policies get --json > policy.json'],
  async run(ctx) {
    // The detector tables load only for the commands that need them.
    const { livePolicy } = await import('../../../detect/live-policy.js');
    const data = ctx.app().store.read((r) => livePolicy(r));
    return {
      data,
      view: (ui) =>
        [
          ui.fields([
            ['version', data.version === 0 ? '0 (built-in default)' : data.version],
            ['updated', data.created_at],
            ['by', data.actor],
            ['enabled', data.policy.enabled_categories.join(', ')],
            ['default threshold', data.policy.default_threshold],
            [
              'thresholds',
              Object.entries(data.policy.thresholds)
                .map(([k, v]) => `${k}=${v}`)
                .join(', '),
            ],
            [
              'severity overrides',
              Object.entries(data.policy.severity_overrides)
                .map(([k, v]) => `${k}=${v}`)
                .join(', '),
            ],
            ['disabled rules', (data.policy.disabled_rules ?? []).join(', ')],
            ['opt-in rules on', (data.policy.enabled_rules ?? []).join(', ')],
            ['redact content', data.policy.redact_content ? 'yes' : 'no'],
            ['custom rules', data.policy.custom_rules.length],
          ]),
          ...(data.policy.custom_rules.length
            ? [
                '',
                ui.table(
                  ['type', 'kind', 'severity', 'pattern / keywords'],
                  data.policy.custom_rules.map((r) => [
                    r.type,
                    r.kind,
                    r.severity,
                    r.pattern ?? (r.keywords ?? []).join(', '),
                  ]),
                ),
              ]
            : []),
        ].join('\n'),
    };
  },
});
