import { open } from 'node:fs/promises';
import {
  ConflictError,
  KillSwitchActiveError,
  NotFoundError,
  UsageError,
  ValidationError,
  type EvidError,
} from '../../../errors.js';
import type { AcceptedTrace, RejectedTrace } from '../../../ingest/pipeline.js';
import type { IngestTotals, TraceResult } from '../../../ingest/stream-ingest.js';
import { resolveOutputFile } from '../../../output-path.js';
import { defineCommand } from '../../command.js';
import type { Io } from '../../io.js';
import { startProgress } from '../../output/progress.js';

/**
 * At most this many accepted and this many rejected traces are listed in the --json
 * summary, so a huge input never makes a huge document; the counts are always whole, and
 * --report lists every trace. The human table stops at TABLE_ROWS.
 */
const LISTED = 10_000;
const TABLE_ROWS = 1_000;

export const tracesIngestCommand = defineCommand({
  writes: true,
  path: ['traces', 'ingest'],
  description:
    'ingest trace ingestion requests from a file or stdin (one JSON object, a JSON array, or NDJSON), streamed in bounded memory',
  examples: [
    'evid traces ingest examples/support-bot.json',
    'cat traces.ndjson | evid traces ingest -',
    'evid traces ingest batch.json --json',
    'evid traces ingest big.ndjson --report results.ndjson',
  ],
  args: ['<file>'],
  options: (cmd) =>
    cmd.option(
      '--report <file>',
      `write one NDJSON line per trace, accepted or rejected, to this file (mode 0600); the summary lists at most ${LISTED} of each`,
    ),
  async run(ctx, [file], opts) {
    const reportPath =
      typeof opts.report === 'string'
        ? resolveOutputFile(opts.report, 'ingest-report.ndjson', '--report')
        : undefined;
    const input = await openInput(file!, ctx.io);
    // Validation (ajv) and the pipeline load only for this command.
    const [{ streamIngestInput }, { ingestStream }, { FileSink }, { recordRefusal }] =
      await Promise.all([
        import('../../../ingest/stream-input.js'),
        import('../../../ingest/stream-ingest.js'),
        import('../../../export/file-sink.js'),
        import('../../../killswitch/killswitch.js'),
      ]);
    const store = ctx.app().store;
    const accepted: AcceptedTrace[] = [];
    const rejected: RejectedTrace[] = [];
    const sink = reportPath === undefined ? undefined : new FileSink(reportPath);
    const progress = startProgress(ctx.io, 'ingesting', input.size);
    const onBatch = (results: TraceResult[], totals: IngestTotals): void => {
      for (const r of results) {
        sink?.write(`${JSON.stringify(r)}\n`);
        if (r.status === 'accepted') {
          if (accepted.length < LISTED) accepted.push(r);
        } else {
          if (rejected.length < LISTED) rejected.push(r);
          // Counted in `audit kill-switch status`, as REST refusals are.
          if (r.error.exit_code === 5)
            recordRefusal(store, new KillSwitchActiveError(r.error.message, r.error.details));
        }
      }
      progress.update(totals.bytes_read, totals.accepted_count + totals.rejected_count);
    };
    let totals: IngestTotals;
    try {
      totals = await ingestStream(
        store,
        streamIngestInput(input.chunks),
        { source: 'cli' },
        onBatch,
      );
    } finally {
      progress.stop();
      // Kept on failure too: it lists the traces committed before the error.
      sink?.close();
    }
    const { bytes_read: _read, ...counts } = totals;
    const truncated =
      counts.accepted_count > accepted.length || counts.rejected_count > rejected.length;
    const summary = {
      accepted,
      rejected,
      ...counts,
      truncated,
      ...(reportPath ? { report: reportPath } : {}),
    };
    return {
      data: summary,
      failure: failureOf(rejected[0], counts),
      notes: [
        `${counts.accepted_count} accepted, ${counts.rejected_count} rejected`,
        ...(truncated && !reportPath
          ? [`only the first ${LISTED} of each are listed; --report FILE writes every trace`]
          : []),
        ...(reportPath ? [`report written to ${reportPath}`] : []),
      ],
      view: (ui) =>
        [
          // A table of a million rows helps no one: past TABLE_ROWS, the count (and --report).
          counts.accepted_count > TABLE_ROWS
            ? ui.status(true, `${counts.accepted_count} traces accepted`)
            : accepted.length
              ? ui.table(
                  ['trace_id', 'session_id', 'status', 'events', 'findings'],
                  accepted.map((a) => [
                    a.trace_id,
                    a.session_id,
                    ui.status(true, a.status),
                    a.events_ingested,
                    a.findings_generated,
                  ]),
                )
              : '',
          ...rejected
            .slice(0, TABLE_ROWS)
            .map((r) =>
              ui.status(
                false,
                `rejected #${r.index}${r.line ? ` (line ${r.line})` : ''}${r.session_id ? ` ${r.session_id}` : ''}: ${r.error.message}`,
              ),
            ),
          counts.rejected_count > TABLE_ROWS
            ? ui.status(false, `... and ${counts.rejected_count - TABLE_ROWS} more rejected`)
            : '',
        ]
          .filter(Boolean)
          .join('\n'),
    };
  },
});

interface Input {
  chunks: AsyncIterable<Uint8Array | string>;
  /** Bytes to read, when known (for the progress line's ETA). */
  size?: number;
}

/** Bytes, not text: invalid UTF-8 is refused per trace by the parser, never replaced. */
async function openInput(file: string, io: Io): Promise<Input> {
  if (file === '-') {
    if (io.stdin.isTTY)
      throw new UsageError(
        'reading traces from stdin, but stdin is a terminal: pipe a file or give a path',
      );
    return { chunks: io.stdin as AsyncIterable<Uint8Array | string> };
  }
  try {
    const handle = await open(file);
    const stat = await handle.stat();
    if (stat.isDirectory()) {
      await handle.close();
      throw new UsageError(`${file} is a directory; give a file or - for stdin`);
    }
    // 1 MiB reads: fewer chunks to stitch, still a bounded buffer.
    return { chunks: handle.createReadStream({ highWaterMark: 1 << 20 }), size: stat.size };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new NotFoundError(`file not found: ${file}`);
    if (code === 'EISDIR')
      throw new UsageError(`${file} is a directory; give a file or - for stdin`);
    throw err;
  }
}

/** Any rejected trace makes the exit non-zero: the code of the first rejection (2, 4 or 5). */
function failureOf(
  first: RejectedTrace | undefined,
  counts: { accepted_count: number; rejected_count: number },
): EvidError | undefined {
  if (!first) return undefined;
  const total = counts.accepted_count + counts.rejected_count;
  const where = first.line ? `line ${first.line}` : `#${first.index}`;
  const message = `${counts.rejected_count} of ${total} traces rejected; first (${where}): ${first.error.message}`;
  if (first.error.exit_code === 5) return new KillSwitchActiveError(message);
  return first.error.exit_code === 4 ? new ConflictError(message) : new ValidationError(message);
}
