import { defineCommand } from '../../command.js';

export const retentionHoldListCommand = defineCommand({
  path: ['retention', 'hold', 'list'],
  description: 'list legal holds in force; released ones too with --all',
  examples: ['evid retention hold list', 'evid retention hold list --all --json'],
  options: (cmd) => cmd.option('--all', 'include released holds'),
  async run(ctx, _args, opts) {
    const { listHolds } = await import('../../../retention/holds.js');
    const data = ctx.app().store.read((r) => listHolds(r, { all: Boolean(opts.all) }));
    const selector = (h: (typeof data)[number]): string =>
      h.trace_id
        ? `trace ${h.trace_id}`
        : h.session_id
          ? `session ${h.session_id}`
          : h.agent
            ? `agent ${h.agent}`
            : `${h.since} .. ${h.until}`;
    return {
      data,
      notes: [`${data.length} hold${data.length === 1 ? '' : 's'}`],
      view: (ui) =>
        data.length === 0
          ? 'no legal holds'
          : ui.table(
              ['id', 'covers', 'reason', 'case', 'placed', 'by', 'released'],
              data.map((h) => [
                h.hold_id,
                selector(h),
                h.reason,
                h.case_ref,
                h.created_at,
                h.created_by,
                h.released_at,
              ]),
            ),
    };
  },
});
