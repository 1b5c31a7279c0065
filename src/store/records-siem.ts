/**
 * The canonical records of SIEM targets (issue 14), beside records.ts (kept under the size
 * cap): what `siem.target_added` and `siem.target_removed` commit to. A target's secret is
 * never in a record, only its SHA-256 (`secret_hash`); its delivery counters are not evidence.
 */

export interface SiemTargetRecordFields {
  target_id: string;
  kind: string;
  endpoint: string;
  options: string;
  events: string;
  secret_hash: string | null;
  created_at: string;
  created_by: string;
}

export function siemTargetRecord(t: SiemTargetRecordFields): Record<string, unknown> {
  return {
    target_id: t.target_id,
    kind: t.kind,
    endpoint: t.endpoint,
    options: t.options,
    events: t.events,
    secret_hash: t.secret_hash,
    created_at: t.created_at,
    created_by: t.created_by,
  };
}

export interface SiemTargetRemovalFields {
  target_id: string;
  removed_at: string;
  removed_by: string;
}

export function siemTargetRemovalRecord(t: SiemTargetRemovalFields): Record<string, unknown> {
  return { target_id: t.target_id, removed_at: t.removed_at, removed_by: t.removed_by };
}

/**
 * Ledger kinds every target is sent (`--events findings`, the default); `--events all`
 * adds `event.ingested`. verify-rows.ts checks that each such entry made after a target was
 * added has its outbox row, so this list is the one both the queue and the check read.
 */
export const FORWARDED_KINDS = [
  'finding.created',
  'finding.updated',
  'killswitch.activated',
  'killswitch.deactivated',
] as const;
export const ALL_EVENTS_KIND = 'event.ingested';
