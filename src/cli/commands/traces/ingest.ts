import { readFile } from 'node:fs/promises';
import {
  ConflictError,
  KillSwitchActiveError,
  NotFoundError,
  UsageError,
  ValidationError,
  type EvidError,
} from '../../../errors.js';
import type { IngestReport } from '../../../ingest/pipeline.js';
import { defineCommand } from '../../command.js';
import type { Io } from '../../io.js';

export const tracesIngestCommand = defineCommand({
  writes: true,
  path: ['traces', 'ingest'],
  description:
    'ingest trace ingestion requests from a file or stdin (one JSON object, a JSON array, or NDJSON)',
  examples: [
    'evid traces ingest examples/support-bot.json',
    'cat traces.ndjson | evid traces ingest -',
    'evid traces ingest batch.json --json',
  ],
  args: ['<file>'],
  async run(ctx, [file]) {
    // Bytes, not text: invalid UTF-8 is refused per trace by the parser, never replaced.
    const bytes = await readInput(file!, ctx.io);
    // Validation (ajv) and the pipeline load only for this command.
    const [{ parseIngestInput }, { ingestTraces }] = await Promise.all([
      import('../../../ingest/parse-input.js'),
      import('../../../ingest/pipeline.js'),
    ]);
    const store = ctx.app().store;
    const report = ingestTraces(store, parseIngestInput(bytes), { source: 'cli' });
    const refusals = report.rejected.filter((r) => r.error.exit_code === 5);
    if (refusals.length > 0) {
      // Counted in `audit kill-switch status`, as REST refusals are.
      const { recordRefusal } = await import('../../../killswitch/killswitch.js');
      for (const r of refusals) {
        recordRefusal(store, new KillSwitchActiveError(r.error.message, r.error.details));
      }
    }
    return {
      data: report,
      failure: failureOf(report),
      notes: [`${report.accepted.length} accepted, ${report.rejected.length} rejected`],
      view: (ui) =>
        [
          report.accepted.length
            ? ui.table(
                ['trace_id', 'session_id', 'status', 'events', 'findings'],
                report.accepted.map((a) => [
                  a.trace_id,
                  a.session_id,
                  ui.status(true, a.status),
                  a.events_ingested,
                  a.findings_generated,
                ]),
              )
            : '',
          ...report.rejected.map((r) =>
            ui.status(
              false,
              `rejected #${r.index}${r.line ? ` (line ${r.line})` : ''}${r.session_id ? ` ${r.session_id}` : ''}: ${r.error.message}`,
            ),
          ),
        ]
          .filter(Boolean)
          .join('\n'),
    };
  },
});

async function readInput(file: string, io: Io): Promise<Buffer> {
  if (file === '-') {
    if (io.stdin.isTTY)
      throw new UsageError(
        'reading traces from stdin, but stdin is a terminal: pipe a file or give a path',
      );
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin)
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return Buffer.concat(chunks);
  }
  try {
    return await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new NotFoundError(`file not found: ${file}`);
    if (code === 'EISDIR')
      throw new UsageError(`${file} is a directory; give a file or - for stdin`);
    throw err;
  }
}

/** Any rejected trace makes the exit non-zero: the code of the first rejection (2, 4 or 5). */
function failureOf(report: IngestReport): EvidError | undefined {
  const first = report.rejected[0];
  if (!first) return undefined;
  const total = report.accepted.length + report.rejected.length;
  const where = first.line ? `line ${first.line}` : `#${first.index}`;
  const message = `${report.rejected.length} of ${total} traces rejected; first (${where}): ${first.error.message}`;
  if (first.error.exit_code === 5) return new KillSwitchActiveError(message);
  return first.error.exit_code === 4 ? new ConflictError(message) : new ValidationError(message);
}
