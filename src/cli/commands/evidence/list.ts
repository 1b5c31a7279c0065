import { defineCommand } from '../../command.js';
import { parseLimit, parseOffset } from '../../options.js';

export const evidenceListCommand = defineCommand({
  path: ['evidence', 'list'],
  description: 'list the evidence packs built from this store, newest first',
  examples: ['audit evidence list', 'audit evidence list --limit 5 --json'],
  options: (cmd) =>
    cmd
      .option('--limit <n>', 'at most n packs (1-1000)', '50')
      .option('--offset <n>', 'skip the first n packs', '0'),
  async run(ctx, _args, opts) {
    const limit = parseLimit(opts.limit as string | undefined);
    const offset = parseOffset(opts.offset as string | undefined);
    const { listPacks } = await import('../../../packs/pack-store.js');
    const { packs, total } = ctx.app().store.read((r) => listPacks(r, limit, offset));
    const data = { packs, total, page: Math.floor(offset / limit) + 1, page_size: limit, offset };
    return {
      data,
      notes: [`${packs.length} of ${total} packs`],
      view: (ui) =>
        packs.length === 0
          ? 'no evidence packs yet (build one with `audit evidence build`)'
          : ui.table(
              [
                'pack_id',
                'created',
                'format',
                'traces',
                'events',
                'findings',
                'tree size',
                'bytes',
                'path',
              ],
              packs.map((p) => [
                p.pack_id,
                p.created_at,
                p.format,
                p.trace_count,
                p.event_count,
                p.finding_count,
                p.tree_size,
                p.size_bytes,
                p.path,
              ]),
            ),
    };
  },
});
