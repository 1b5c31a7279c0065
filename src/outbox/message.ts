import { loadRecord } from '../store/record-loaders.js';
import type { Reader } from '../store/store.js';
import type { OutboundEvent, Severity } from '../siem/types.js';

/** A queued row with the ledger entry it reports (none for a verify failure). */
export interface PendingRow {
  id: number;
  event_id: string;
  kind: string;
  payload: string | null;
  ledger_seq: number | null;
  created_at: string;
  subject_id: string | null;
  subject_ref: number | null;
  recorded_at: string | null;
}

/** The oldest `limit` undelivered rows of a target after row `afterId` (0: from the start). */
export function pendingRows(r: Reader, targetId: string, limit: number, afterId = 0): PendingRow[] {
  return r
    .prepare(
      `SELECT o.id, o.event_id, o.kind, o.payload, o.ledger_seq, o.created_at, l.subject_id,
         l.subject_ref, l.recorded_at
       FROM outbox o LEFT JOIN ledger l ON l.seq = o.ledger_seq
       WHERE o.target_id = ? AND o.delivered_at IS NULL AND o.id > ? ORDER BY o.id LIMIT ?`,
    )
    .all(targetId, afterId, limit) as PendingRow[];
}

const SEVERITIES: ReadonlySet<string> = new Set(['critical', 'high', 'medium', 'low']);

const str = (v: unknown): string => (v === null || v === undefined ? '-' : String(v));

/**
 * The message for one row, built when it is sent from the record its ledger entry commits
 * to (records never change once ledgered, so a redelivery says the same). A record purged
 * by retention since is sent as purged; one that is gone is sent as missing (verify will say
 * why), so the SIEM still learns that something happened.
 */
export function buildMessage(r: Reader, row: PendingRow): OutboundEvent {
  if (row.kind === 'monitoring.alert') {
    // A monitoring alert carries itself: it is derived from the ledgered event and its
    // findings, and queued in the transaction that wrote them (src/safety/monitoring/).
    const alert = JSON.parse(row.payload ?? '{}') as Record<string, unknown>;
    return {
      event_id: row.event_id,
      kind: row.kind,
      time: typeof alert.at === 'string' ? alert.at : row.created_at,
      severity: SEVERITIES.has(str(alert.severity)) ? (alert.severity as Severity) : 'medium',
      summary: str(alert.message),
      subject_id: str(alert.session_id),
      ledger_seq: null,
      record: alert,
    };
  }
  if (row.ledger_seq === null || row.subject_id === null) {
    const verdict = JSON.parse(row.payload ?? '{}') as Record<string, unknown>;
    return {
      event_id: row.event_id,
      kind: row.kind,
      time: row.created_at,
      severity: 'critical',
      summary: `audit verify failed: ${str(verdict.reason)}: ${str(verdict.message)}`,
      subject_id: 'ledger',
      ledger_seq: null,
      record: verdict,
    };
  }
  const loaded = loadRecord(r, {
    kind: row.kind,
    subject_ref: row.subject_ref,
    subject_id: row.subject_id,
    recorded_at: row.recorded_at!,
  });
  const record: Record<string, unknown> =
    loaded.state === 'present'
      ? loaded.record
      : { [loaded.state === 'purged' ? 'purged' : 'missing']: true };
  const { severity, summary } = describe(r, row.kind, row.subject_id, record);
  return {
    event_id: row.event_id,
    kind: row.kind,
    time: row.recorded_at!,
    severity,
    summary,
    subject_id: row.subject_id,
    ledger_seq: row.ledger_seq,
    record,
  };
}

function describe(
  r: Reader,
  kind: string,
  subjectId: string,
  rec: Record<string, unknown>,
): { severity: Severity; summary: string } {
  switch (kind) {
    case 'finding.created':
      return {
        severity: SEVERITIES.has(str(rec.severity)) ? (rec.severity as Severity) : 'medium',
        summary: `${str(rec.severity)} ${str(rec.type)} finding ${subjectId} (agent ${str(rec.agent)}, ${str(rec.detector)})`,
      };
    case 'finding.updated': {
      const f = r
        .prepare('SELECT severity, type, agent FROM findings WHERE finding_id = ?')
        .get(subjectId) as { severity: string; type: string; agent: string } | undefined;
      return {
        severity: f && SEVERITIES.has(f.severity) ? (f.severity as Severity) : 'medium',
        summary: `finding ${subjectId}${f ? ` (${f.severity} ${f.type}, agent ${f.agent})` : ''}: ${str(rec.from_status)} -> ${str(rec.to_status)} by ${str(rec.actor)}`,
      };
    }
    case 'killswitch.activated':
    case 'killswitch.deactivated': {
      const where = rec.scope === 'global' ? 'globally' : `for agent ${str(rec.agent)}`;
      return {
        severity: kind === 'killswitch.activated' ? 'high' : 'low',
        summary: `kill switch ${str(rec.action)} ${where} by ${str(rec.actor)}: ${str(rec.reason)}`,
      };
    }
    default:
      return {
        severity: 'info',
        summary: `${kind} ${subjectId}${rec.agent ? ` (agent ${str(rec.agent)})` : ''}`,
      };
  }
}
