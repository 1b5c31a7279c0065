import { defineCommand } from '../../command.js';
import { optionalString, parseTimeBound } from '../../options.js';

export const retentionHoldAddCommand = defineCommand({
  writes: true,
  path: ['retention', 'hold', 'add'],
  description:
    'place a legal hold: the records it covers are never purged, by retention or `sources remove --purge` (ledgered)',
  examples: [
    'evid retention hold add --trace tr_01JD2Y7Q0000000000000000 --reason "litigation hold" --case CASE-123',
    'evid retention hold add --agent billing-bot --reason "regulator inquiry"',
    'evid retention hold add --since 2026-01-01 --until 2026-02-01 --reason "incident 42"',
  ],
  options: (cmd) =>
    cmd
      .option('--trace <id>', 'hold one trace (its trace_id)')
      .option('--session <id>', 'hold the trace of one session')
      .option('--agent <name>', 'hold every record of an agent, now and later')
      .option(
        '--since <time>',
        'hold records whose time span overlaps [since, until): ISO 8601 or 7d',
      )
      .option('--until <time>', 'end of the time range (with --since)')
      .option('--reason <text>', 'why (required; recorded and ledgered)')
      .option('--case <ref>', 'case or matter reference'),
  async run(ctx, _args, opts) {
    const { addHold } = await import('../../../retention/holds.js');
    const now = ctx.now();
    const time = (v: unknown, flag: string): string | undefined =>
      optionalString(v) === undefined ? undefined : parseTimeBound(String(v), flag, now);
    const data = ctx.app().store.transact((tx) =>
      addHold(tx, {
        trace: optionalString(opts.trace),
        session: optionalString(opts.session),
        agent: optionalString(opts.agent),
        since: time(opts.since, '--since'),
        until: time(opts.until, '--until'),
        reason: typeof opts.reason === 'string' ? opts.reason : undefined,
        case: optionalString(opts.case),
      }),
    );
    return { data, view: () => `${data.hold_id} placed (${data.reason})` };
  },
});
