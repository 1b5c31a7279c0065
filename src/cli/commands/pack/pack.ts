import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { optionalString, parseChoice, parseDuration, parseTimeBound } from '../../options.js';
import { PACK_FORMATS, runPackBuild } from '../evidence/pack-run.js';

export const packCommand = defineCommand({
  path: ['pack'],
  description:
    'build an evidence pack (zip): evidence, inclusion proofs, signed tree head, report, offline verifier',
  examples: [
    'evid pack --last 7d --format html',
    'evid pack --session sess_42 --format pdf --include-controls',
    'evid pack --since 2026-01-01 --until 2026-03-31 --output q1-pack.zip --json',
  ],
  options: (cmd) =>
    cmd
      .option('--last <duration>', 'the window ending now, e.g. 24h, 7d, 2w (default 30d)')
      .option('--since <when>', 'window start (ISO 8601 or a duration like 7d); instead of --last')
      .option('--until <when>', 'window end (ISO 8601 or a duration; default now)')
      .option('--session <id>', 'only this trace (trace_id or session_id); no default window')
      .option('--format <format>', `report format (${PACK_FORMATS.join(', ')})`, 'json')
      .option('--include-controls', 'add the control mappings of the included findings')
      .option(
        '--output <path>',
        'zip file or existing directory (default <data dir>/packs/<pack_id>.zip)',
      ),
  run(ctx, _args, opts) {
    const now = ctx.now();
    const session = optionalString(opts.session) ?? null;
    if (opts.last !== undefined && opts.since !== undefined) {
      throw new UsageError('give --last or --since, not both');
    }
    let since: string | null = null;
    if (opts.last !== undefined) {
      since = new Date(now.getTime() - parseDuration(String(opts.last), '--last')).toISOString();
    } else if (opts.since !== undefined) {
      since = parseTimeBound(String(opts.since), '--since', now);
    } else if (session === null) {
      since = new Date(now.getTime() - parseDuration('30d', '--last')).toISOString();
    }
    const until =
      opts.until !== undefined
        ? parseTimeBound(String(opts.until), '--until', now)
        : session === null || since !== null
          ? now.toISOString()
          : null;
    if (since !== null && until !== null && since > until) {
      throw new UsageError(`the window is empty: --since ${since} is after --until ${until}`);
    }
    return runPackBuild(ctx, {
      filter: { since, until, session },
      format: parseChoice(String(opts.format), '--format', PACK_FORMATS)!,
      includeControls: Boolean(opts.includeControls),
      output: optionalString(opts.output),
      now,
    });
  },
});
