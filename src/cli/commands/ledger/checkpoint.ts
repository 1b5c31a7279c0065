import { defineCommand } from '../../command.js';
import { writeOutputFile } from './output-file.js';

export const checkpointCommand = defineCommand({
  path: ['checkpoint'],
  description:
    'print the latest signed tree head as a C2SP signed-note checkpoint; keep it outside the store and check later with `audit verify --checkpoint FILE`',
  examples: [
    'audit checkpoint',
    'audit checkpoint --output /backup/checkpoint-$(date +%F).txt',
    'audit checkpoint --json',
  ],
  options: (cmd) => cmd.option('-o, --output <file>', 'write the checkpoint to this file instead'),
  async run(ctx, _args, opts) {
    const { latestCheckpoint } = await import('../../../store/ledger-public.js');
    const store = ctx.app().readonlyStore();
    try {
      const data = store.read((r) => latestCheckpoint(r, store.origin));
      const output = typeof opts.output === 'string' ? opts.output : undefined;
      if (output) writeOutputFile(output, data.checkpoint);
      return {
        data: output ? { ...data, output } : data,
        view: () =>
          output ? `wrote ${output} (tree size ${data.tree_size})` : data.checkpoint.trimEnd(),
      };
    } finally {
      store.close();
    }
  },
});
