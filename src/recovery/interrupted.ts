/**
 * Work a dead process left unfinished (docs/server.md "Interrupted work"). A report,
 * safety run or workflow execution records its process in `runner` (src/store/runner.ts)
 * while it is queued or running; if that process stopped (kill -9, OOM, a container
 * restart) the row would say `running` for ever. A server ends such rows at start-up (and
 * every minute while it runs, watchInterrupted), each
 * exactly as its kind's own failure ends (a report `failed`, not ledgered; a safety run
 * `failed` and ledgered `safety.run.completed`; an execution `failed` and ledgered
 * `execution.finished`), so `audit verify` passes afterwards, and removes the temporary
 * files such a process left in the data directory.
 *
 * Left alone: rows whose process is alive or on another host (a shared volume: only that
 * host can tell), rows with no runner (written before migration 017), and any row that
 * is finished or already has its end ledgered (so an edited `runner` or `status` cannot
 * make this path rewrite a finished row: `audit verify` reports such an edit).
 */
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { markReportFailed, reportPath, REPORTS_DIR } from '../reports/report-store.js';
import { parseRunner, runnerState, tempTagState, type Runner } from '../store/runner.js';
import { completeRun, safetyRunSession } from '../store/safety-runs.js';
import type { Store, Transactor } from '../store/store.js';
import { endExecution } from '../workflows/executions.js';

export type InterruptedKind = 'report' | 'safety_run' | 'execution';

export interface InterruptedRow {
  kind: InterruptedKind;
  id: string;
  runner: string;
  error: string;
}

/** What a client reads in the row's `error`. */
export function interruptedMessage(r: Runner): string {
  return `interrupted: the process that ran it (pid ${r.pid} on ${r.host}) stopped before it finished; start it again`;
}

interface KindSpec {
  table: string;
  /** The public id column. */
  id: string;
  /** What "unfinished" means for this kind. */
  open: string;
  /** The ledger kind of the row's end: a row with one is never ended again. */
  endKind: string;
  /** Ends the row as this kind's failure does; false if it was not open after all. */
  end: (tx: Transactor, id: string, error: string) => boolean;
}

const KINDS: Record<InterruptedKind, KindSpec> = {
  report: {
    table: 'reports',
    id: 'report_id',
    open: "status IN ('queued', 'running')",
    endKind: 'report.generated',
    end: (tx, id, error) => markReportFailed(tx, id, error).status === 'failed',
  },
  safety_run: {
    table: 'safety_runs',
    id: 'run_id',
    open: "status = 'running'",
    endKind: 'safety.run.completed',
    end: (tx, id, error) => {
      // As a cancelled run's: the trace of the probes it made before it stopped, if any.
      const trace = tx
        .prepare('SELECT trace_id FROM traces WHERE session_id = ?')
        .pluck()
        .get(safetyRunSession(id)) as string | undefined;
      completeRun(tx, id, { trace_id: trace ?? null, error });
      return true;
    },
  },
  execution: {
    table: 'executions',
    id: 'execution_id',
    open: "finished_at IS NULL AND status IN ('queued', 'running')",
    endKind: 'execution.finished',
    end: (tx, id, error) => {
      // Only what its recorded events show: how long it ran until its last one.
      const span = tx
        .prepare(
          `SELECT x.started_at AS started, MAX(e.timestamp) AS last FROM executions x
           LEFT JOIN traces t ON t.session_id = x.execution_id
           LEFT JOIN events e ON e.trace_ref = t.id WHERE x.execution_id = ?`,
        )
        .get(id) as { started: string; last: string | null };
      const ms = span.last === null ? 0 : Date.parse(span.last) - Date.parse(span.started);
      return endExecution(tx, id, {
        status: 'failed',
        result: null,
        error,
        metrics: { duration_ms: Math.max(0, ms || 0), steps: 0, tokens: 0, cost: null },
      });
    },
  },
};

export interface Recovery {
  ended: InterruptedRow[];
  /**
   * Rows and files that could not be dealt with (a store that refuses writes, say, its
   * ledger key missing): the server starts anyway and says so in its log.
   */
  errors: Array<{ what: string; error: unknown }>;
}

/**
 * Ends every unfinished row whose process on this host stopped, one transaction each
 * (recorded as `actor`), and removes such processes' temporary files.
 */
export function recoverInterrupted(store: Store, actor: string): Recovery {
  const ended: InterruptedRow[] = [];
  const errors: Recovery['errors'] = [];
  for (const [kind, spec] of Object.entries(KINDS) as Array<[InterruptedKind, KindSpec]>) {
    const open = store.read(
      (r) =>
        r
          .prepare(
            `SELECT ${spec.id} AS id, runner FROM ${spec.table}
             WHERE ${spec.open} AND runner IS NOT NULL ORDER BY ${spec.table}.id`,
          )
          .all() as Array<{ id: string; runner: string }>,
    );
    for (const row of open) {
      const runner = parseRunner(row.runner);
      if (!runner || runnerState(runner) !== 'stopped') continue;
      const error = interruptedMessage(runner);
      try {
        const done = store.transact((tx) => {
          // Again inside the write lock: another process may have ended or taken it.
          const still = tx
            .prepare(
              `SELECT 1 FROM ${spec.table} WHERE ${spec.id} = ? AND runner = ? AND ${spec.open}`,
            )
            .get(row.id, row.runner);
          const endLedgered = tx
            .prepare('SELECT 1 FROM ledger WHERE subject_id = ? AND kind = ? LIMIT 1')
            .get(row.id, spec.endKind);
          return still !== undefined && endLedgered === undefined && spec.end(tx, row.id, error);
        }, actor);
        if (!done) continue;
        ended.push({ kind, id: row.id, runner: row.runner, error });
        if (kind === 'report') removeUnrecordedReport(store, row.id);
      } catch (err) {
        errors.push({ what: `${kind} ${row.id}`, error: err });
      }
    }
  }
  removeTempFiles(store.dataDir, errors);
  return { ended, errors };
}

/**
 * A report killed between writing its file and recording it leaves the file under the
 * report's own name: a failed report has no file (as generateReport's own failure path).
 */
function removeUnrecordedReport(store: Store, reportId: string): void {
  const filename = store.read(
    (r) =>
      r
        .prepare("SELECT filename FROM reports WHERE report_id = ? AND status = 'failed'")
        .pluck()
        .get(reportId) as string | undefined,
  );
  // The name comes from the row: only a plain name (as the download route accepts) of a
  // regular file, never a link or a path out of reports/ that an edited row might hold.
  if (!filename || !PLAIN_FILENAME.test(filename) || filename.includes('..')) return;
  const path = reportPath(store.dataDir, filename);
  if (lstatSync(path, { throwIfNoEntry: false })?.isFile()) rmSync(path, { force: true });
}

const PLAIN_FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/**
 * Temporary files and pack work directories of stopped processes, in the data directory's
 * reports/ and packs/ only (a build to a path outside it is the user's to clean), and only
 * names this program gave (src/store/runner.ts parseTempTag). Links are never followed.
 */
function removeTempFiles(dataDir: string, errors: Recovery['errors']): void {
  for (const dir of [REPORTS_DIR, 'packs']) {
    let entries;
    try {
      entries = readdirSync(join(dataDir, dir), { withFileTypes: true });
    } catch {
      continue; // not created yet
    }
    for (const entry of entries) {
      if (!entry.isFile() && !entry.isDirectory()) continue;
      if (tempTagState(entry.name) !== 'stopped') continue;
      const path = join(dataDir, dir, entry.name);
      try {
        rmSync(path, { recursive: true, force: true });
      } catch (err) {
        errors.push({ what: path, error: err });
      }
    }
  }
}

interface RecoveryLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** One recovery pass, each ended row a warning and each refusal an error in `log`. */
export function recoverAndLog(store: Store, actor: string, log: RecoveryLog): void {
  const { ended, errors } = recoverInterrupted(store, actor);
  for (const row of ended) log.warn({ kind: row.kind, id: row.id, runner: row.runner }, row.error);
  for (const { what, error } of errors)
    log.error({ err: error }, `interrupted work not ended: ${what}`);
}

/**
 * The same pass every `everyMs` while a server runs: a CLI command (`audit report`,
 * `evid execute`) killed beside a running server leaves its row to this sweep rather than
 * to the server's next start. Rows of live processes are never touched, so a pass is safe
 * at any time.
 */
export function watchInterrupted(store: Store, log: RecoveryLog, everyMs = 60_000): () => void {
  const timer = setInterval(() => {
    try {
      recoverAndLog(store, 'server sweep', log);
    } catch {
      // a busy or closing store: the next pass tries again
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
