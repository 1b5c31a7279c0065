import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { controlsForFindingType } from '../../compliance/controls.js';
import { insertFinding, type NewFinding } from '../../store/findings.js';
import { currentPolicyVersion } from '../../store/policies.js';
import type { Reader, Store } from '../../store/store.js';
import { livePolicy } from '../live-policy.js';
import type { Category, Detection, GuardConfig } from '../types.js';
import { guardText, type GuardVerdict } from './guard.js';
import type { GuardRole } from './prompt.js';

/**
 * The guard model's background pass (issue 16 item 8). Ingest is synchronous and runs the
 * rules inside its transaction; the guard is a network call that may be slow or down, so
 * it runs here instead, after commit, over events in the order they were stored. Its
 * verdicts become findings in their own transaction. When the guard fails, intake is not
 * touched: the failure is counted in `guard_state`, logged, and the same events are tried
 * again after a back-off, so nothing is skipped while the guard is away. An event whose
 * text the guard cannot judge (a malformed answer) is counted and passed over.
 */

export interface GuardLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface GuardPassResult {
  checked: number;
  flagged: number;
  failed: number;
  /** The guard was slow or down: the pass stopped where it was and will resume there. */
  unavailable: boolean;
}

export interface GuardState {
  last_event_ref: number;
  checked: number;
  flagged: number;
  failed: number;
  last_error: string | null;
  updated_at: string;
}

const BATCH = 16;
const MAX_TEXT = 16_000;
const SCORE = 0.9; // a guard verdict carries no probability; above every default threshold

interface EventRow {
  id: number;
  event_id: string;
  trace_ref: number | null;
  trace_id: string | null;
  agent: string;
  prompt: string | null;
  completion: string | null;
}

export function readGuardState(r: Reader): GuardState | undefined {
  return r.prepare('SELECT * FROM guard_state WHERE id = 1').get() as GuardState | undefined;
}

/**
 * The guard covers events stored since it was configured: on its first pass it starts at
 * the first event ingested at or after the live policy that set it.
 */
function startRef(r: Reader, since: string | null): number {
  const row = r
    .prepare('SELECT MIN(id) AS id FROM events WHERE ingested_at >= ?')
    .get(since ?? '') as { id: number | null };
  if (row.id !== null) return row.id - 1;
  return (r.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM events').get() as { id: number }).id;
}

/** One pass over the events not yet judged (at most `limit`). */
export async function runGuardPass(
  store: Store,
  options: { log?: GuardLog; env?: NodeJS.ProcessEnv; limit?: number } = {},
): Promise<GuardPassResult> {
  const result: GuardPassResult = { checked: 0, flagged: 0, failed: 0, unavailable: false };
  const live = store.read((r) => livePolicy(r));
  const guard = live.policy.guard;
  if (!guard) return result;
  let last = store.read((r) => readGuardState(r)?.last_event_ref ?? startRef(r, live.created_at));
  const limit = options.limit ?? 1000;
  while (result.checked + result.failed < limit) {
    const rows = store.read(
      (r) =>
        r
          .prepare(
            `SELECT e.id, e.event_id, e.trace_ref, t.trace_id, e.agent, e.prompt, e.completion
             FROM events e LEFT JOIN traces t ON t.id = e.trace_ref
             WHERE e.id > ? ORDER BY e.id LIMIT ?`,
          )
          .all(last, BATCH) as EventRow[],
    );
    if (rows.length === 0) break;
    const judged: Array<{ row: EventRow; field: string; verdict: GuardVerdict }> = [];
    let error: string | null = null;
    let through = last;
    const batch: GuardPassResult = { checked: 0, flagged: 0, failed: 0, unavailable: false };
    for (const row of rows) {
      const texts: Array<[string, GuardRole, string | null]> = [
        ['prompt', 'user', row.prompt],
        ['completion', 'assistant', row.completion],
      ];
      let stop = false;
      for (const [field, role, text] of texts) {
        if (!text) continue;
        const answer = await guardText(text.slice(0, MAX_TEXT), guard, { role, env: options.env });
        if (answer.ok) {
          if (!answer.safe) judged.push({ row, field, verdict: answer });
          continue;
        }
        error = `${answer.error} (event ${row.event_id})`;
        batch.failed++;
        options.log?.warn({ event_id: row.event_id, reason: answer.reason }, answer.error);
        if (answer.reason !== 'bad_answer') {
          stop = true;
          break;
        }
      }
      if (stop) {
        batch.unavailable = true;
        break;
      }
      through = row.id;
      batch.checked++;
    }
    const kept = judged.filter((j) => j.row.id <= through);
    batch.flagged = kept.reduce((n, j) => n + Math.max(1, j.verdict.hazards.length), 0);
    const from = last;
    const raced = store.transact((tx) => {
      // Two servers on one store both run this pass: whoever commits first owns the batch,
      // the other drops its verdicts (the same events, judged twice) and reads on from there.
      const moved = readGuardState(tx)?.last_event_ref;
      if (moved !== undefined && moved !== from) return moved;
      for (const { row, field, verdict } of kept) {
        for (const finding of findingsOf(guard, row, field, verdict)) {
          insertFinding(
            tx,
            {
              traceRef: row.trace_ref,
              traceId: row.trace_id,
              eventRef: row.id,
              eventId: row.event_id,
              agent: row.agent,
            },
            finding,
          );
        }
      }
      saveState(tx, through, batch, error);
      return undefined;
    }, `guard:${guard.model}`);
    if (raced !== undefined) {
      last = raced;
      continue;
    }
    last = through;
    result.checked += batch.checked;
    result.flagged += batch.flagged;
    result.failed += batch.failed;
    if (batch.unavailable) {
      result.unavailable = true;
      break;
    }
  }
  return result;
}

function saveState(
  tx: Reader,
  through: number,
  delta: GuardPassResult,
  error: string | null,
): void {
  tx.prepare(
    `INSERT INTO guard_state (id, last_event_ref, checked, flagged, failed, last_error, updated_at)
     VALUES (1, @through, @checked, @flagged, @failed, @error, @now)
     ON CONFLICT (id) DO UPDATE SET last_event_ref = @through, checked = checked + @checked,
       flagged = flagged + @flagged, failed = failed + @failed,
       last_error = COALESCE(@error, last_error), updated_at = @now`,
  ).run({
    through,
    checked: delta.checked,
    flagged: delta.flagged,
    failed: delta.failed,
    error,
    now: new Date().toISOString(),
  });
}

/** One detection per named hazard (an `unsafe` naming none is one `policy.guard_unsafe`). */
export function detectionsOf(
  guard: GuardConfig,
  row: { event_id: string },
  field: string,
  verdict: GuardVerdict,
): Detection[] {
  const hazards = verdict.hazards.length
    ? verdict.hazards
    : [{ code: '', name: 'unsafe', type: 'policy.guard_unsafe', severity: 'medium' as const }];
  return hazards.map((h) => ({
    type: h.type,
    category: h.type.split('.')[0] as Category,
    severity: h.severity,
    detector: h.code ? `${verdict.detector}:${h.code}` : verdict.detector,
    score: SCORE,
    field,
    start: 0,
    end: 0,
    match_masked: h.code ? `${h.code} ${h.name}` : 'unsafe',
    excerpt: `${guard.model} judged this ${field} unsafe${h.code ? `: ${h.code} ${h.name}` : ''}`,
    fingerprint: createHash('sha256')
      .update(`${h.type}\u0000${row.event_id}\u0000${field}`)
      .digest('hex'),
  }));
}

/** detectionsOf, as findings with their control mappings. */
export function findingsOf(
  guard: GuardConfig,
  row: { event_id: string },
  field: string,
  verdict: GuardVerdict,
): NewFinding[] {
  return detectionsOf(guard, row, field, verdict).map((d) => ({
    ...d,
    controls: controlsForFindingType(d.type).map((c) => c.id),
  }));
}

/** The pass on a loop in `evid serve`: every `intervalMs`, longer while the guard is away. */
export function startGuardWorker(
  store: Store,
  log: GuardLog,
  options: { intervalMs?: number; maxBackoffMs?: number } = {},
): { stop(): Promise<void> } {
  const interval = options.intervalMs ?? 1000;
  const maxBackoff = options.maxBackoffMs ?? 60_000;
  const abort = new AbortController();
  const loop = (async () => {
    let backoff = interval;
    let dueAt = 0;
    let version = -1;
    while (!abort.signal.aborted) {
      // Woken every interval; while the guard is away a pass is due only after the back-off,
      // but a new policy (the guard moved or came back) is tried at once.
      const now = store.read((r) => currentPolicyVersion(r));
      if (now !== version || Date.now() >= dueAt) {
        version = now;
        try {
          const pass = await runGuardPass(store, { log });
          backoff = pass.unavailable ? Math.min(backoff * 2, maxBackoff) : interval;
        } catch (err) {
          log.warn({ err: (err as Error).message }, 'guard pass failed');
          backoff = Math.min(backoff * 2, maxBackoff);
        }
        dueAt = Date.now() + backoff;
      }
      await sleep(interval, undefined, { signal: abort.signal }).catch(() => undefined);
    }
  })();
  return {
    async stop() {
      abort.abort();
      await loop;
    },
  };
}
