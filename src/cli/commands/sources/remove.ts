import { defineCommand } from '../../command.js';

export const sourcesRemoveCommand = defineCommand({
  writes: true,
  path: ['sources', 'remove'],
  description:
    'remove a source: its token is revoked at once, its events stay evidence; --purge blanks their content (ledgered)',
  examples: [
    'evid sources remove src_01JD2Y7Q0000000000000000',
    'evid sources remove src_01JD2Y7Q0000000000000000 --purge --json',
  ],
  args: ['<id>'],
  options: (cmd) =>
    cmd.option(
      '--purge',
      'also blank the prompt and completion of every event it sent (as retention does)',
    ),
  async run(ctx, [id], opts) {
    const { removeSource } = await import('../../../sources/manage.js');
    const data = ctx
      .app()
      .store.transact((tx) => removeSource(tx, id!, { purge: opts.purge === true }));
    return {
      data,
      view: () =>
        `${data.source_id} removed at ${data.removed_at}` +
        (opts.purge === true
          ? `; the content of ${data.purged_events} event${data.purged_events === 1 ? '' : 's'} purged`
          : ''),
    };
  },
});
