import {
  eventRecord,
  findingRecord,
  findingUpdateRecord,
  packRecord,
  policyRecord,
  traceRecord,
  type EventRecordFields,
  type FindingRecordFields,
  type FindingUpdateFields,
  type PackRecordFields,
  type PolicyRecordFields,
  type TraceRecordFields,
} from './records.js';
import {
  apiKeyRecord,
  apiKeyRevocationRecord,
  killSwitchRecord,
  type ApiKeyRecordFields,
  type ApiKeyRevocationFields,
  type KillSwitchRecordFields,
} from './records.js';
import { reportRecord, type ReportRecordFields } from './records.js';
import { assessmentRecord, type AssessmentFields } from './assessment-records.js';
import { ledgerKeyRecord, type LedgerKeyRecordFields } from './records.js';
import {
  sourceRecord,
  sourceRemovalRecord,
  type SourceRecordFields,
  type SourceRemovalFields,
} from './records.js';
import {
  siemTargetRecord,
  siemTargetRemovalRecord,
  type SiemTargetRecordFields,
  type SiemTargetRemovalFields,
} from './records-siem.js';
import {
  holdRecord,
  holdReleaseRecord,
  purgeBatchRecord,
  retentionPolicyRecord,
  type HoldFields,
  type HoldReleaseFields,
  type PurgeBatchFields,
  type RetentionPolicyFields,
} from './retention-records.js';
import {
  objectiveSetRecord,
  safetyRunRecord,
  type ObjectiveSetFields,
  type SafetyRunFields,
} from './safety-records.js';
import type { Reader } from './store.js';
import {
  agentRecord,
  executionEndRecord,
  executionStartRecord,
  workflowRecord,
  type AgentRecordFields,
  type ExecutionEndFields,
  type ExecutionStartFields,
  type WorkflowRecordFields,
} from './workflow-records.js';
import { loadUserChange, USER_KINDS } from './user-records.js';

function loadKillSwitch(r: Reader, ref: number | null): LoadedRecord {
  const row = r.prepare('SELECT * FROM kill_switch_history WHERE id = ?').get(ref) as
    KillSwitchRecordFields | undefined;
  return row ? { state: 'present', record: killSwitchRecord(row) } : { state: 'missing' };
}

/**
 * What an entry's subject looks like now. `purged` with `gone` is a purged record whose row
 * no longer exists (it is not counted among the table's rows by the row checks).
 */
export type LoadedRecord =
  | { state: 'present'; record: Record<string, unknown> }
  | { state: 'missing' }
  | { state: 'purged'; gone?: boolean; batch?: number }
  | { state: 'unledgered_purge' };

type Loader = (
  r: Reader,
  ref: number | null,
  subjectId: string,
  recordedAt: string,
) => LoadedRecord;

/**
 * A purge counts only if it was itself ledgered: by a purge batch (`purge_ref`; that the
 * batch's entry commits to this record's seq is checked over all batches at once, see
 * verify-purges.ts) or by a per-event `record.purged` entry of the same subject.
 */
function purgeState(r: Reader, subjectId: string, batch: number | null = null): LoadedRecord {
  if (batch !== null) {
    const exists = r.prepare('SELECT 1 FROM purge_batches WHERE id = ?').get(batch);
    return exists ? { state: 'purged', batch } : { state: 'unledgered_purge' };
  }
  const ledgered = r
    .prepare("SELECT 1 FROM ledger WHERE subject_id = ? AND kind = 'record.purged'")
    .get(subjectId);
  return ledgered ? { state: 'purged' } : { state: 'unledgered_purge' };
}

const LOADERS: Record<string, Loader> = {
  'safety.run.completed': (r, ref) => {
    const row = r.prepare('SELECT * FROM safety_runs WHERE id = ?').get(ref) as
      SafetyRunFields | undefined;
    // A finished run set back to running is tampering too: its entry says it ended.
    return row && row.status !== 'running'
      ? { state: 'present', record: safetyRunRecord(row) }
      : { state: 'missing' };
  },
  'alignment.objectives': (r, ref) => {
    const row = r.prepare('SELECT * FROM alignment_objectives WHERE id = ?').get(ref) as
      ObjectiveSetFields | undefined;
    return row ? { state: 'present', record: objectiveSetRecord(row) } : { state: 'missing' };
  },
  'trace.ingested': (r, ref) => {
    const row = r.prepare('SELECT * FROM traces WHERE id = ?').get(ref) as
      TraceRecordFields | undefined;
    return row ? { state: 'present', record: traceRecord(row) } : { state: 'missing' };
  },
  'event.ingested': (r, ref, subjectId, recordedAt) => {
    const row = r
      .prepare(
        'SELECT e.*, t.trace_id AS trace_id FROM events e LEFT JOIN traces t ON t.id = e.trace_ref WHERE e.id = ?',
      )
      .get(ref) as
      | (EventRecordFields & {
          purged_at: string | null;
          purge_ref: number | null;
          ingested_at: string;
        })
      | undefined;
    if (!row) {
      const purged = purgeState(r, subjectId);
      return purged.state === 'purged' ? { state: 'purged', gone: true } : { state: 'missing' };
    }
    if (row.purged_at !== null) return purgeState(r, subjectId, row.purge_ref);
    const record = eventRecord(row);
    // Not in the digest, but always the entry's own time: an edit of it is tampering too
    // (the extra field makes the digest differ, so it is reported as an altered record).
    if (row.ingested_at !== recordedAt) record.ingested_at = row.ingested_at;
    return { state: 'present', record };
  },
  'finding.created': (r, ref, subjectId) => {
    const row = r
      .prepare(
        `SELECT f.*, t.trace_id AS trace_id, e.event_id AS event_id FROM findings f
         LEFT JOIN traces t ON t.id = f.trace_ref LEFT JOIN events e ON e.id = f.event_ref WHERE f.id = ?`,
      )
      .get(ref) as
      (FindingRecordFields & { purged_at: string | null; purge_ref: number | null }) | undefined;
    if (!row) return { state: 'missing' };
    // Only a batch purges findings; a finding marked purged without one is tampering.
    if (row.purged_at !== null) {
      return row.purge_ref === null
        ? { state: 'unledgered_purge' }
        : purgeState(r, subjectId, row.purge_ref);
    }
    return { state: 'present', record: findingRecord(row) };
  },
  'finding.updated': (r, ref) => {
    const row = r
      .prepare(
        `SELECT h.from_status, h.to_status, h.comment, h.actor, h.at, f.finding_id FROM finding_history h
         JOIN findings f ON f.id = h.finding_ref WHERE h.id = ?`,
      )
      .get(ref) as FindingUpdateFields | undefined;
    return row ? { state: 'present', record: findingUpdateRecord(row) } : { state: 'missing' };
  },
  'policy.updated': (r, ref) => {
    const row = r.prepare('SELECT * FROM policies WHERE version = ?').get(ref) as
      PolicyRecordFields | undefined;
    return row ? { state: 'present', record: policyRecord(row) } : { state: 'missing' };
  },
  'pack.built': (r, ref) => {
    const row = r.prepare('SELECT * FROM packs WHERE id = ?').get(ref) as
      PackRecordFields | undefined;
    return row ? { state: 'present', record: packRecord(row) } : { state: 'missing' };
  },
  'apikey.created': (r, ref) => {
    const row = r.prepare('SELECT * FROM api_keys WHERE id = ?').get(ref) as
      ApiKeyRecordFields | undefined;
    return row ? { state: 'present', record: apiKeyRecord(row) } : { state: 'missing' };
  },
  'apikey.revoked': (r, ref) => {
    const row = r.prepare('SELECT * FROM api_keys WHERE id = ?').get(ref) as
      (ApiKeyRevocationFields & { revoked_at: string | null }) | undefined;
    return row && row.revoked_at !== null
      ? { state: 'present', record: apiKeyRevocationRecord(row) }
      : { state: 'missing' };
  },
  'killswitch.activated': (r, ref) => loadKillSwitch(r, ref),
  'killswitch.deactivated': (r, ref) => loadKillSwitch(r, ref),
  'ledger.key': (r, ref) => {
    const row = r.prepare('SELECT * FROM ledger_keys WHERE id = ?').get(ref) as
      LedgerKeyRecordFields | undefined;
    return row ? { state: 'present', record: ledgerKeyRecord(row) } : { state: 'missing' };
  },
  'source.added': (r, ref) => {
    const row = r.prepare('SELECT * FROM sources WHERE id = ?').get(ref) as
      SourceRecordFields | undefined;
    return row ? { state: 'present', record: sourceRecord(row) } : { state: 'missing' };
  },
  'source.removed': (r, ref) => {
    const row = r.prepare('SELECT * FROM sources WHERE id = ?').get(ref) as
      (SourceRemovalFields & { removed_at: string | null }) | undefined;
    return row && row.removed_at !== null
      ? { state: 'present', record: sourceRemovalRecord(row) }
      : { state: 'missing' };
  },
  'siem.target_added': (r, ref) => {
    const row = r.prepare('SELECT * FROM siem_targets WHERE id = ?').get(ref) as
      SiemTargetRecordFields | undefined;
    return row ? { state: 'present', record: siemTargetRecord(row) } : { state: 'missing' };
  },
  'siem.target_removed': (r, ref) => {
    const row = r.prepare('SELECT * FROM siem_targets WHERE id = ?').get(ref) as
      (SiemTargetRemovalFields & { removed_at: string | null }) | undefined;
    return row && row.removed_at !== null
      ? { state: 'present', record: siemTargetRemovalRecord(row) }
      : { state: 'missing' };
  },
  'retention.updated': (r, ref) => {
    const row = r.prepare('SELECT * FROM retention_policy WHERE id = ?').get(ref) as
      RetentionPolicyFields | undefined;
    return row ? { state: 'present', record: retentionPolicyRecord(row) } : { state: 'missing' };
  },
  'hold.added': (r, ref) => {
    const row = r.prepare('SELECT * FROM legal_holds WHERE id = ?').get(ref) as
      HoldFields | undefined;
    return row ? { state: 'present', record: holdRecord(row) } : { state: 'missing' };
  },
  'hold.released': (r, ref) => {
    const row = r.prepare('SELECT * FROM legal_holds WHERE id = ?').get(ref) as
      (HoldReleaseFields & { released_at: string | null }) | undefined;
    return row && row.released_at !== null
      ? { state: 'present', record: holdReleaseRecord(row) }
      : { state: 'missing' };
  },
  'purge.batch': (r, ref) => {
    const row = r.prepare('SELECT * FROM purge_batches WHERE id = ?').get(ref) as
      PurgeBatchFields | undefined;
    return row ? { state: 'present', record: purgeBatchRecord(row) } : { state: 'missing' };
  },
  'assessment.created': (r, ref) => {
    const row = r.prepare('SELECT * FROM compliance_assessments WHERE id = ?').get(ref) as
      AssessmentFields | undefined;
    return row ? { state: 'present', record: assessmentRecord(row) } : { state: 'missing' };
  },
  'report.generated': (r, ref) => {
    const row = r.prepare("SELECT * FROM reports WHERE id = ? AND status = 'done'").get(ref) as
      ReportRecordFields | undefined;
    return row ? { state: 'present', record: reportRecord(row) } : { state: 'missing' };
  },
  'workflow.added': (r, ref) => {
    const row = r.prepare('SELECT * FROM workflows WHERE id = ?').get(ref) as
      WorkflowRecordFields | undefined;
    return row ? { state: 'present', record: workflowRecord(row) } : { state: 'missing' };
  },
  'agent.added': (r, ref) => {
    const row = r.prepare('SELECT * FROM agents WHERE id = ?').get(ref) as
      AgentRecordFields | undefined;
    return row ? { state: 'present', record: agentRecord(row) } : { state: 'missing' };
  },
  'execution.started': (r, ref) => {
    const row = r.prepare('SELECT * FROM executions WHERE id = ?').get(ref) as
      ExecutionStartFields | undefined;
    return row ? { state: 'present', record: executionStartRecord(row) } : { state: 'missing' };
  },
  'execution.finished': (r, ref) => {
    const row = r.prepare('SELECT * FROM executions WHERE id = ?').get(ref) as
      (ExecutionEndFields & { finished_at: string | null }) | undefined;
    return row && row.finished_at !== null
      ? { state: 'present', record: executionEndRecord(row) }
      : { state: 'missing' };
  },
  ...Object.fromEntries(
    Object.values(USER_KINDS).map((kind): [string, Loader] => [
      kind,
      (r, ref) => loadUserChange(r, ref),
    ]),
  ),
};

/**
 * Rebuilds the record a ledger entry commits to. Kinds with no stored subject (records of
 * actions, such as `record.purged`) commit to their own content and have nothing to load.
 */
export function loadRecord(
  r: Reader,
  entry: { kind: string; subject_ref: number | null; subject_id: string; recorded_at: string },
): LoadedRecord | { state: 'self' } {
  const loader = LOADERS[entry.kind];
  return loader
    ? loader(r, entry.subject_ref, entry.subject_id, entry.recorded_at)
    : { state: 'self' };
}
