/**
 * The reports table: one row per requested report, moved queued -> running -> done | failed.
 * The REST server creates the row when a report is requested and generates the file later;
 * the CLI does both at once. Only `done` is ledgered (`report.generated`), in the same
 * transaction that records the file's SHA-256, so every ledgered report names its bytes.
 */
import { join } from 'node:path';
import { ConflictError, NotFoundError } from '../errors.js';
import { ulid } from '../ids.js';
import { reportRecord, type ReportRecordFields } from '../store/records.js';
import { formatRunner } from '../store/runner.js';
import type { Reader, Transactor } from '../store/store.js';

export const REPORT_FORMATS = ['html', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The directory under the data dir where report files live. */
export const REPORTS_DIR = 'reports';

export interface ReportRow {
  report_id: string;
  filename: string;
  regulation: string;
  agent: string | null;
  format: ReportFormat;
  status: ReportStatus;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  sha256: string | null;
  size_bytes: number | null;
  score: number | null;
  actor: string;
}

const COLUMNS = `report_id, filename, regulation, agent, format, status, created_at, started_at,
  finished_at, error, sha256, size_bytes, score, actor`;

export const newReportId = (now?: number): string => `rp_${ulid(now)}`;

/** `<dataDir>/reports/<filename>`. */
export function reportPath(dataDir: string, filename: string): string {
  return join(dataDir, REPORTS_DIR, filename);
}

/**
 * `eu-ai-act-20261122T091500Z-01JD2Y7Q.html` (an agent name, made filename-safe, follows the
 * regulation for per-agent reports). Safe in a URL path segment; unique through the id.
 */
export function reportFilename(
  regulation: string,
  agent: string | null,
  format: ReportFormat,
  createdAt: string,
  reportId: string,
): string {
  const stamp = createdAt.replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
  const who = agent
    ? `-${agent
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 40)}`
    : '';
  return `${regulation}${who === '-' ? '' : who}-${stamp}-${reportId.slice(-8).toLowerCase()}.${format}`;
}

/** Records a requested report (status queued). Not ledgered: nothing exists yet. */
export function createReportRecord(
  tx: Transactor,
  input: { regulation: string; format: ReportFormat; agent?: string | null },
): ReportRow {
  const createdAt = tx.now();
  const reportId = newReportId(Date.parse(createdAt));
  const agent = input.agent ?? null;
  const row: ReportRow = {
    report_id: reportId,
    filename: reportFilename(input.regulation, agent, input.format, createdAt, reportId),
    regulation: input.regulation,
    agent,
    format: input.format,
    status: 'queued',
    created_at: createdAt,
    started_at: null,
    finished_at: null,
    error: null,
    sha256: null,
    size_bytes: null,
    score: null,
    actor: tx.actor,
  };
  // `runner`: this process owns the row until it ends (recovery ends it if the process dies).
  tx.prepare(
    `INSERT INTO reports (${COLUMNS}, runner) VALUES (@report_id, @filename, @regulation, @agent,
       @format, @status, @created_at, @started_at, @finished_at, @error, @sha256, @size_bytes,
       @score, @actor, @runner)`,
  ).run({ ...row, runner: formatRunner() });
  return row;
}

/** queued -> running. A report already running or finished is a conflict (one worker each). */
export function markReportRunning(tx: Transactor, reportId: string): ReportRow {
  const row = getReport(tx, reportId);
  if (row.status !== 'queued') {
    throw new ConflictError(`report ${reportId} is ${row.status}, not queued`, {
      report_id: reportId,
    });
  }
  tx.prepare(
    "UPDATE reports SET status = 'running', started_at = ?, runner = ? WHERE report_id = ?",
  ).run(tx.now(), formatRunner(), reportId);
  return getReport(tx, reportId);
}

/** running -> done, with the file's hash; appends `report.generated` to the ledger. */
export function markReportDone(
  tx: Transactor,
  reportId: string,
  result: { sha256: string; size_bytes: number; score: number },
): ReportRow {
  const row = getReport(tx, reportId);
  if (row.status !== 'running') {
    throw new ConflictError(`report ${reportId} is ${row.status}, not running`, {
      report_id: reportId,
    });
  }
  const finishedAt = tx.now();
  const { ref } = tx.prepare('SELECT id AS ref FROM reports WHERE report_id = ?').get(reportId) as {
    ref: number;
  };
  tx.prepare(
    "UPDATE reports SET status = 'done', finished_at = ?, sha256 = ?, size_bytes = ?, score = ?, error = NULL WHERE id = ?",
  ).run(finishedAt, result.sha256, result.size_bytes, result.score, ref);
  const done = getReport(tx, reportId);
  tx.ledger.append(
    'report.generated',
    reportId,
    ref,
    reportRecord(done as ReportRecordFields),
    finishedAt,
  );
  return done;
}

/** queued|running -> failed, with the reason (shown by the list and the REST server). */
export function markReportFailed(tx: Transactor, reportId: string, error: string): ReportRow {
  tx.prepare(
    "UPDATE reports SET status = 'failed', finished_at = ?, error = ? WHERE report_id = ? AND status IN ('queued', 'running')",
  ).run(tx.now(), error.slice(0, 2000), reportId);
  return getReport(tx, reportId);
}

/** By report id or filename (the download path uses the filename). */
export function getReport(r: Reader, idOrFilename: string): ReportRow {
  const row = r
    .prepare(`SELECT ${COLUMNS} FROM reports WHERE report_id = ? OR filename = ?`)
    .get(idOrFilename, idOrFilename) as ReportRow | undefined;
  if (!row) throw new NotFoundError(`report ${idOrFilename} not found`, { id: idOrFilename });
  return row;
}

export function listReports(
  r: Reader,
  page: { limit: number; offset: number } = { limit: 50, offset: 0 },
): { reports: ReportRow[]; total: number; page: number; page_size: number } {
  const reports = r
    .prepare(`SELECT ${COLUMNS} FROM reports ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
    .all(page.limit, page.offset) as ReportRow[];
  const { total } = r.prepare('SELECT COUNT(*) AS total FROM reports').get() as { total: number };
  return { reports, total, page: Math.floor(page.offset / page.limit) + 1, page_size: page.limit };
}
