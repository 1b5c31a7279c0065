/**
 * Generates one compliance report file and records it. Used by `audit report` (all at
 * once) and by the REST server (which creates the queued row on request and calls this
 * later with its report id). The file is written under a temporary name and renamed, then
 * its SHA-256 is ledgered (`report.generated`), so a listed `done` report always exists.
 */
import { progressReporter, type ProgressFn } from '../progress.js';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname } from 'node:path';
import { loadSnapshot } from '../compliance/score/load.js';
import type { RegulationId } from '../compliance/score/regulations.js';
import { knownAgents } from '../compliance/score/snapshot.js';
import { NotFoundError } from '../errors.js';
import { resolveOutputFile } from '../output-path.js';
import { tempTag } from '../store/runner.js';
import type { Store } from '../store/store.js';
import { renderReportHtml } from './html.js';
import { buildReportModel } from './model.js';
import {
  createReportRecord,
  getReport,
  markReportDone,
  markReportFailed,
  markReportRunning,
  reportPath,
  type ReportFormat,
  type ReportRow,
} from './report-store.js';

/** What generation needs; an AppContext satisfies it. */
export interface ReportDeps {
  store: Store;
  clock: () => Date;
}

interface GenerateOptions {
  /**
   * Also copy the file here: a file path in an existing directory, or an existing
   * directory. Checked before anything is generated; a missing directory is a UsageError.
   */
  output?: string;
  reviewWithinDays?: number;
}

/**
 * Either a new report (the CLI), or one already queued with createReportRecord (the REST
 * flow), whose row carries its regulation, format and agent.
 */
export type GenerateReportInput =
  | (GenerateOptions & {
      regulation: RegulationId;
      format: ReportFormat;
      agent?: string | null;
      reportId?: undefined;
    })
  | (GenerateOptions & { reportId: string });

export interface GeneratedReport extends ReportRow {
  /** Where the stored file is: `<data dir>/reports/<filename>`. */
  path: string;
  /** Where the -o copy went, if one was asked for. */
  output: string | null;
}

const GENERATOR = `evid ${
  (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version
}`;

/** Throws NotFoundError unless the agent has activity or findings in the store. */
export function assertAgentKnown(store: Store, agent: string): void {
  const found = store.read(
    (r) =>
      r.prepare('SELECT 1 FROM events WHERE agent = ? LIMIT 1').get(agent) ??
      r.prepare('SELECT 1 FROM traces WHERE agent = ? LIMIT 1').get(agent) ??
      r.prepare('SELECT 1 FROM findings WHERE agent = ? LIMIT 1').get(agent),
  );
  if (!found) throw new NotFoundError(`agent ${agent} not found`, { agent });
}

/** Report generation's steps, in order, as progress reports name them. */
export const REPORT_STEPS = ['reading the evidence', 'scoring', 'rendering', 'recording'] as const;

export async function generateReport(
  deps: ReportDeps,
  input: GenerateReportInput,
  /** Told (steps done, REPORT_STEPS.length, step) as it goes; last call done == total. */
  onProgress?: ProgressFn,
): Promise<GeneratedReport> {
  const { store } = deps;
  const report = progressReporter(onProgress);
  const step = (done: number): void =>
    report(done, REPORT_STEPS.length, REPORT_STEPS[done] ?? 'done');
  // The -o target is checked first: a mistyped path must not cost a ledgered report.
  if (input.output !== undefined) resolveOutputFile(input.output, '');
  let queued: ReportRow;
  if (input.reportId !== undefined) {
    const id = input.reportId;
    queued = store.read((r) => getReport(r, id));
  } else {
    const { regulation, format } = input;
    const agent = input.agent ?? null;
    if (agent !== null) assertAgentKnown(store, agent);
    queued = store.transact((tx) => createReportRecord(tx, { regulation, format, agent }));
  }
  const reportId = queued.report_id;
  const agent = queued.agent;
  const running = store.transact((tx) => markReportRunning(tx, reportId));
  const path = reportPath(store.dataDir, running.filename);
  const temp = tempName(path);
  let done: ReportRow;
  let written = false;
  try {
    const now = deps.clock();
    step(0);
    const snapshot = store.read((r) => loadSnapshot(r, store.origin));
    if (agent !== null && !knownAgents(snapshot).includes(agent)) {
      throw new NotFoundError(`agent ${agent} not found`, { agent });
    }
    step(1);
    const model = buildReportModel(snapshot, {
      regulation: running.regulation as RegulationId,
      agent,
      now,
      reportId,
      generator: GENERATOR,
      reviewWithinDays: input.reviewWithinDays,
    });
    step(2);
    const bytes =
      running.format === 'pdf'
        ? await (await import('./pdf.js')).renderReportPdf(model)
        : Buffer.from(renderReportHtml(model), 'utf8');
    writeAtomically(path, temp, bytes);
    written = true;
    step(3);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    done = store.transact((tx) =>
      markReportDone(tx, reportId, { sha256, size_bytes: bytes.length, score: model.score.score }),
    );
  } catch (err) {
    rmSync(temp, { force: true });
    // A file written but not recorded (a cancel at 'recording', a failed transaction) is
    // no report: the failed row must not leave bytes behind under the report's name.
    if (written) rmSync(path, { force: true });
    store.transact((tx) => markReportFailed(tx, reportId, (err as Error).message ?? String(err)));
    throw err;
  }
  step(4);
  // The stored report is complete and ledgered; a failed copy does not undo it.
  const output = input.output
    ? copyOut(path, resolveOutputFile(input.output, basename(path)))
    : null;
  return { ...done, path, output };
}

/**
 * A temporary name beside `path`, unique to this process and call; its tag names the
 * process, so a leftover of one killed mid-write is removed by src/recovery/.
 */
function tempName(path: string): string {
  return `${path}.${tempTag()}.${randomBytes(4).toString('hex')}.tmp`;
}

/** Report files hold evidence: 0600 whatever the umask or the directory's mode. */
function writeAtomically(path: string, temp: string, bytes: Buffer): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(temp, bytes, { mode: 0o600, flag: 'wx' });
  renameSync(temp, path);
}

/** The -o copy: written beside the target at 0600, then renamed over it. */
function copyOut(from: string, target: string): string {
  const temp = tempName(target);
  try {
    copyFileSync(from, temp);
    chmodSync(temp, 0o600);
    renameSync(temp, target);
  } finally {
    rmSync(temp, { force: true });
  }
  return target;
}
