import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { optionalString, parseTimeBound } from '../../options.js';

// Kept here, not imported from src/export, so start-up loads no export code.
const FORMATS = ['json', 'parquet', 'csv'] as const;
/** Other names people give NDJSON. */
const JSON_ALIASES = ['jsonl', 'ndjson'];
const KINDS = ['traces', 'events', 'findings'] as const;

export const exportCommand = defineCommand({
  writes: true,
  path: ['export'],
  description:
    'export raw evidence (traces, events, findings) as NDJSON, CSV or parquet, one file per kind',
  examples: [
    'evid export --format parquet --since 30d --output /tmp/evidence',
    'evid export --format csv --kind events --since 2026-01-01 --until 2026-01-31',
    'evid export --format json --output ./export --json',
    'evid export --format csv --csv-raw --output ./exact',
  ],
  options: (cmd) =>
    cmd
      .option(
        '--format <format>',
        `file format (${FORMATS.join(', ')}); json means NDJSON (jsonl and ndjson are aliases)`,
        'json',
      )
      .option('--since <when>', 'from this time (ISO 8601 or a duration like 7d)')
      .option('--until <when>', 'up to this time (ISO 8601 or a duration)')
      .option(
        '--csv-raw',
        "CSV: write text exactly as stored (default: a ' before text starting with = + - @ tab or CR, so spreadsheets do not run it as a formula)",
      )
      .option('--kind <kinds>', `comma-separated subset of ${KINDS.join(', ')} (default all)`)
      .option(
        '--output <dir>',
        'directory for <kind>.<ext> files (default <data dir>/exports/<export_id>)',
      ),
  async run(ctx, _args, opts) {
    const now = ctx.now();
    const format = JSON_ALIASES.includes(String(opts.format)) ? 'json' : String(opts.format);
    if (!(FORMATS as readonly string[]).includes(format)) {
      throw new UsageError(
        `--format: "${format}" is not a format; allowed values: ${FORMATS.join(', ')}`,
      );
    }
    const csvRaw = Boolean(opts.csvRaw);
    if (csvRaw && format !== 'csv') {
      throw new UsageError(`--csv-raw applies to --format csv only (got --format ${format})`);
    }
    const kinds = optionalString(opts.kind)
      ?.split(',')
      .map((k) => k.trim()) ?? [...KINDS];
    const unknown = kinds.find((k) => !(KINDS as readonly string[]).includes(k));
    if (unknown !== undefined || kinds.length === 0) {
      throw new UsageError(
        `--kind: "${unknown ?? ''}" is not a kind; allowed values: ${KINDS.join(', ')}`,
      );
    }
    const since =
      opts.since === undefined ? null : parseTimeBound(String(opts.since), '--since', now);
    const until =
      opts.until === undefined ? null : parseTimeBound(String(opts.until), '--until', now);
    if (since !== null && until !== null && since > until) {
      throw new UsageError(`--since ${since} is after --until ${until}`);
    }
    const { exportEvidence } = await import('../../../export/export.js');
    const result = await exportEvidence(ctx.app().store, {
      format: format as (typeof FORMATS)[number],
      kinds: kinds as Array<(typeof KINDS)[number]>,
      since,
      until,
      output: optionalString(opts.output),
      csvRaw,
      now,
    });
    return {
      data: result,
      notes: [`export ${result.export_id} written to ${result.directory} and ledgered`],
      view: (ui) =>
        ui.table(
          ['kind', 'rows', 'bytes', 'file'],
          result.files.map((f) => [f.kind, f.rows, f.bytes, f.path]),
        ),
    };
  },
});
