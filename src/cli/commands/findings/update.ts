import { UsageError } from '../../../errors.js';
import { FINDING_STATUSES, getFinding, updateFindingStatus } from '../../../store/findings.js';
import { defineCommand } from '../../command.js';
import { parseChoice } from '../../options.js';

export const findingsUpdateCommand = defineCommand({
  writes: true,
  path: ['findings', 'update'],
  description: 'move a finding to another status, with an optional comment (recorded and ledgered)',
  examples: [
    'evid findings update fd_01JD2Y7Q0000000000000000 --status reviewing',
    'evid findings update fd_01JD2Y7Q0000000000000000 --status remediated --comment "key rotated"',
  ],
  args: ['<id>'],
  options: (cmd) =>
    cmd
      .option('--status <status>', `new status (${FINDING_STATUSES.join(', ')})`)
      .option('--comment <text>', 'why; recorded with the actor and time'),
  run(ctx, [id], opts) {
    if (opts.status === undefined)
      throw new UsageError(`--status: is required (${FINDING_STATUSES.join(', ')})`);
    const status = parseChoice(String(opts.status), '--status', FINDING_STATUSES)!;
    const comment = opts.comment === undefined ? undefined : String(opts.comment);
    const store = ctx.app().store;
    store.transact((tx) => updateFindingStatus(tx, id!, status, comment));
    const data = store.read((r) => getFinding(r, id!));
    const last = data.history[data.history.length - 1]!;
    return {
      data,
      view: () =>
        `${data.id}: ${last.from_status} -> ${last.to_status}${last.comment ? ` (${last.comment})` : ''} by ${last.actor}`,
    };
  },
});
