/**
 * Legal holds: records a hold covers are never purged, by retention or by `sources remove
 * --purge` (the check is inside purge.ts, the one purge path). A hold selects by trace,
 * session, agent, or a time range (records whose span overlaps it), and keeps whole traces.
 * Placing and releasing are ledgered with the actor (`hold.added`, `hold.released`).
 */
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { ulid } from '../ids.js';
import { holdRecord, holdReleaseRecord, type HoldFields } from '../store/retention-records.js';
import type { Reader, Transactor } from '../store/store.js';

export interface HoldInput {
  trace?: string | undefined;
  session?: string | undefined;
  agent?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  reason?: string | undefined;
  case?: string | undefined;
}

export interface LegalHold extends HoldFields {
  released_at: string | null;
  released_by: string | null;
  release_reason: string | null;
}

function checkText(value: string | undefined, field: string, max: number): string {
  const text = (value ?? '').trim();
  if (text === '' || text.length > max || [...text].some((c) => c.charCodeAt(0) < 32)) {
    throw new ValidationError(`${field}: must be 1 to ${max} printable characters`, { field });
  }
  return text;
}

/** Exactly one selector: trace, session, agent, or since with until. */
function selector(
  input: HoldInput,
): Pick<HoldFields, 'trace_id' | 'session_id' | 'agent' | 'since' | 'until'> {
  const given = [input.trace, input.session, input.agent, input.since ?? input.until].filter(
    (x) => x !== undefined,
  ).length;
  if (given !== 1) {
    throw new ValidationError(
      'selector: give exactly one of trace, session, agent, or since with until (the CLI flags and the REST body fields have these names)',
      { field: 'selector' },
    );
  }
  if ((input.since === undefined) !== (input.until === undefined)) {
    throw new ValidationError('since/until: a time range needs both since and until', {
      field: input.since === undefined ? 'since' : 'until',
    });
  }
  if (input.since !== undefined && input.until !== undefined && input.since >= input.until) {
    throw new ValidationError('until: must be after since', { field: 'until' });
  }
  return {
    trace_id: input.trace ?? null,
    session_id: input.session ?? null,
    agent: input.agent === undefined ? null : checkText(input.agent, 'agent', 200),
    since: input.since ?? null,
    until: input.until ?? null,
  };
}

export function addHold(tx: Transactor, input: HoldInput): LegalHold {
  const sel = selector(input);
  const reason = checkText(input.reason, 'reason', 1000);
  const caseRef = input.case === undefined ? null : checkText(input.case, 'case', 200);
  if (
    sel.trace_id !== null &&
    !tx.prepare('SELECT 1 FROM traces WHERE trace_id = ?').get(sel.trace_id)
  ) {
    throw new NotFoundError(`trace: no trace ${sel.trace_id}`);
  }
  if (
    sel.session_id !== null &&
    !tx.prepare('SELECT 1 FROM traces WHERE session_id = ?').get(sel.session_id)
  ) {
    throw new NotFoundError(`session: no trace has session ${sel.session_id}`);
  }
  const row: HoldFields = {
    hold_id: `hold_${ulid()}`,
    ...sel,
    reason,
    case_ref: caseRef,
    created_at: tx.now(),
    created_by: tx.actor,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO legal_holds (hold_id, trace_id, session_id, agent, since, until, reason,
         case_ref, created_at, created_by)
       VALUES (@hold_id, @trace_id, @session_id, @agent, @since, @until, @reason, @case_ref,
         @created_at, @created_by)`,
    )
    .run(row);
  tx.ledger.append(
    'hold.added',
    row.hold_id,
    Number(lastInsertRowid),
    holdRecord(row),
    row.created_at,
  );
  return getHold(tx, row.hold_id);
}

export function getHold(r: Reader, holdId: string): LegalHold {
  const row = r
    .prepare(
      `SELECT hold_id, trace_id, session_id, agent, since, until, reason, case_ref, created_at,
         created_by, released_at, released_by, release_reason FROM legal_holds WHERE hold_id = ?`,
    )
    .get(holdId) as LegalHold | undefined;
  if (!row) throw new NotFoundError(`hold: no legal hold ${holdId}`);
  return row;
}

/** Active holds, oldest first; released ones too with `all`. */
export function listHolds(r: Reader, options: { all?: boolean } = {}): LegalHold[] {
  return r
    .prepare(
      `SELECT hold_id, trace_id, session_id, agent, since, until, reason, case_ref, created_at,
         created_by, released_at, released_by, release_reason FROM legal_holds
       WHERE @all = 1 OR released_at IS NULL ORDER BY id`,
    )
    .all({ all: options.all ? 1 : 0 }) as LegalHold[];
}

export function releaseHold(tx: Transactor, holdId: string, reason: string | undefined): LegalHold {
  const hold = getHold(tx, holdId);
  const why = checkText(reason, 'reason', 1000);
  if (hold.released_at !== null) {
    throw new ConflictError(
      `hold: ${holdId} was already released at ${hold.released_at} by ${hold.released_by}`,
      { field: 'hold' },
    );
  }
  const at = tx.now();
  const ref = tx
    .prepare(
      `UPDATE legal_holds SET released_at = ?, released_by = ?, release_reason = ?
       WHERE hold_id = ? RETURNING id`,
    )
    .get(at, tx.actor, why, holdId) as { id: number };
  tx.ledger.append(
    'hold.released',
    holdId,
    ref.id,
    holdReleaseRecord({
      hold_id: holdId,
      released_at: at,
      released_by: tx.actor,
      release_reason: why,
    }),
    at,
  );
  return getHold(tx, holdId);
}
