import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { optionalString, parseChoice } from '../../options.js';
import { PACK_FORMATS, runPackBuild } from './pack-run.js';

const MAX_WINDOW_DAYS = 3650;

export const evidenceBuildCommand = defineCommand({
  path: ['evidence', 'build'],
  description:
    'build an evidence pack (zip) over the last N days: evidence, inclusion proofs, signed tree head, report',
  examples: [
    'audit evidence build --format html --window-days 30',
    'audit evidence build --pack-id q1-2026 --format pdf --window-days 90 -o /tmp/q1.zip',
    'audit evidence build --format json --include-controls --json',
  ],
  options: (cmd) =>
    cmd
      .option('--pack-id <id>', 'the pack id (default pk_<ULID>); must be new')
      .option('--format <format>', `report format (${PACK_FORMATS.join(', ')})`, 'json')
      .option('--window-days <n>', `days back from now to include (1-${MAX_WINDOW_DAYS})`, '30')
      .option('--session <id>', 'only this trace (trace_id or session_id), within the window')
      .option('--include-controls', 'add the control mappings of the included findings')
      .option(
        '-o, --output <path>',
        'zip file or existing directory (default <data dir>/packs/<pack_id>.zip)',
      ),
  run(ctx, _args, opts) {
    const now = ctx.now();
    const days = Number(opts.windowDays);
    if (!Number.isInteger(days) || days < 1 || days > MAX_WINDOW_DAYS) {
      throw new UsageError(
        `--window-days: must be a whole number from 1 to ${MAX_WINDOW_DAYS} (got "${String(opts.windowDays)}")`,
      );
    }
    return runPackBuild(ctx, {
      filter: {
        since: new Date(now.getTime() - days * 86_400_000).toISOString(),
        until: now.toISOString(),
        session: optionalString(opts.session) ?? null,
      },
      format: parseChoice(String(opts.format), '--format', PACK_FORMATS)!,
      includeControls: Boolean(opts.includeControls),
      packId: optionalString(opts.packId),
      output: optionalString(opts.output),
      now,
    });
  },
});
