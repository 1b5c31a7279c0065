import { defineCommand } from '../../command.js';

export const retentionSetCommand = defineCommand({
  writes: true,
  path: ['retention', 'set'],
  description:
    'set how many days records keep their content (7 to 365) and whether `evid serve` enforces it (ledgered)',
  examples: [
    'evid retention set --days 365 --enforce',
    'evid retention set --days 183',
    'evid retention set --no-enforce',
  ],
  options: (cmd) =>
    cmd
      .option(
        '--days <n>',
        'retention window in days, 7 to 365 (under 183 earns an EU AI Act warning)',
      )
      .option('--enforce', 'purge on a schedule in `evid serve`')
      .option('--no-enforce', 'keep the window but purge only on `evid retention enforce`'),
  async run(ctx, _args, opts) {
    const { parseDays, setRetentionPolicy } = await import('../../../retention/policy.js');
    const days = opts.days === undefined ? undefined : parseDays(String(opts.days), '--days');
    const enforce = typeof opts.enforce === 'boolean' ? opts.enforce : undefined;
    const data = ctx.app().store.transact((tx) =>
      setRetentionPolicy(tx, {
        ...(days ? { days } : {}),
        ...(enforce === undefined ? {} : { enforce }),
      }),
    );
    return {
      data: { ...data.policy, warning: data.warning },
      notes: data.warning ? [`warning: ${data.warning}`] : [],
      view: () =>
        `retention: ${data.policy.days} days, ${data.policy.enforce ? 'enforced by evid serve' : 'not enforced on a schedule'}`,
    };
  },
});
