/**
 * evidence.json: every included record exactly as its ledger entry commits to it
 * (`record`, rebuilt through src/store/records.ts), with the entry's `seq` so a verifier
 * finds its proof, and the record's current mutable `state` (not committed: a trace's
 * status, a finding's current status), kept apart so nobody mistakes it for proven data.
 * Streamed row by row from one read snapshot.
 */
import { CheckFailed } from '../errors.js';
import type { FileSink } from '../export/file-sink.js';
import { canonicalDigest } from '../ledger/jcs.js';
import {
  eventRecord,
  findingRecord,
  findingUpdateRecord,
  traceRecord,
  type EventRecordFields,
  type FindingRecordFields,
  type FindingUpdateFields,
  type TraceRecordFields,
} from '../store/records.js';
import type { Reader } from '../store/store.js';
import type { ControlMapping } from './controls.js';
import type { LedgerSlice } from './proofs.js';
import { byIds, type RefKind } from './select.js';
import type { PackSummary } from './summary.js';

export const EVIDENCE_FORMAT = 'evid-evidence/v1';

/** The sections of evidence.json that hold ledgered records, and each one's ledger kind. */
export const EVIDENCE_SECTIONS = {
  traces: 'trace.ingested',
  events: 'event.ingested',
  findings: 'finding.created',
  finding_updates: 'finding.updated',
} as const;

export interface EvidenceHeader {
  pack_id: string;
  created_at: string;
  origin: string;
  summary: PackSummary;
}

interface Section {
  name: keyof typeof EVIDENCE_SECTIONS;
  sql: string;
  item(row: Record<string, unknown>, slice: LedgerSlice): unknown;
}

const SECTIONS: Section[] = [
  {
    name: 'traces',
    sql: `SELECT t.* FROM ${byIds('traces', 't', 'traces')} ORDER BY sel.key`,
    item: (row, slice) => ({
      seq: slice.seqOf.traces.get(row.id as number),
      record: traceRecord(row as unknown as TraceRecordFields),
      state: {
        status: row.status,
        event_count: row.event_count,
        first_event_at: row.first_event_at,
        last_event_at: row.last_event_at,
      },
    }),
  },
  {
    name: 'events',
    sql: `SELECT e.*, t.trace_id AS trace_id FROM ${byIds('events', 'e', 'events')}
      LEFT JOIN traces t ON t.id = e.trace_ref ORDER BY sel.key`,
    item: (row, slice) => {
      const seq = slice.seqOf.events.get(row.id as number);
      // A purged event keeps its ledger entry and proof; its content is gone by design.
      if (row.purged_at !== null) {
        return {
          seq,
          event_id: row.event_id,
          purged: true,
          purged_at: row.purged_at,
          record: null,
        };
      }
      return { seq, record: eventRecord(row as unknown as EventRecordFields) };
    },
  },
  {
    name: 'findings',
    sql: `SELECT f.*, t.trace_id AS trace_id, e.event_id AS event_id FROM ${byIds('findings', 'f', 'findings')}
      LEFT JOIN traces t ON t.id = f.trace_ref LEFT JOIN events e ON e.id = f.event_ref ORDER BY sel.key`,
    item: (row, slice) => {
      const seq = slice.seqOf.findings.get(row.id as number);
      const state = { status: row.status, updated_at: row.updated_at };
      // Its excerpt was purged by retention: listed as purged, proven by its entry.
      if (row.purged_at !== null) {
        return {
          seq,
          finding_id: row.finding_id,
          purged: true,
          purged_at: row.purged_at,
          record: null,
          state,
        };
      }
      return { seq, record: findingRecord(row as unknown as FindingRecordFields), state };
    },
  },
  {
    name: 'finding_updates',
    sql: `SELECT h.id, h.from_status, h.to_status, h.comment, h.actor, h.at, f.finding_id
      FROM ${byIds('finding_history', 'h', 'findingUpdates')} JOIN findings f ON f.id = h.finding_ref
      ORDER BY sel.key`,
    item: (row, slice) => ({
      seq: slice.seqOf.findingUpdates.get(row.id as number),
      record: findingUpdateRecord(row as unknown as FindingUpdateFields),
    }),
  },
];

export function writeEvidence(
  sink: FileSink,
  r: Reader,
  params: Record<RefKind, string>,
  header: EvidenceHeader,
  slice: LedgerSlice,
  controls: ControlMapping[] | null,
): void {
  const head = JSON.stringify({ format: EVIDENCE_FORMAT, ...header });
  sink.write(head.slice(0, -1));
  for (const section of SECTIONS) {
    sink.write(`,\n${JSON.stringify(section.name)}:[`);
    let first = true;
    for (const row of r.prepare(section.sql).iterate(params) as IterableIterator<
      Record<string, unknown>
    >) {
      const item = section.item(row, slice) as { seq?: number; record: unknown };
      assertLedgered(section.name, item, slice);
      sink.write(`${first ? '' : ','}\n${JSON.stringify(item)}`);
      first = false;
    }
    sink.write(first ? ']' : '\n]');
  }
  if (controls) sink.write(`,\n"controls":${JSON.stringify(controls)}`);
  sink.write('\n}\n');
}

/**
 * A pack must never carry evidence it cannot prove: a record edited in the store since it
 * was ledgered would go into the pack and fail `audit evidence verify` later, so the
 * builder refuses now and names it (the same check the verifier's `records` step makes).
 */
function assertLedgered(
  section: keyof typeof EVIDENCE_SECTIONS,
  item: { seq?: number; record: unknown },
  slice: LedgerSlice,
): void {
  if (item.record === null || item.seq === undefined) return; // purged: proved by its entry
  if (canonicalDigest(item.record).toString('hex') !== slice.digestOf.get(item.seq)) {
    throw new CheckFailed(
      `${EVIDENCE_SECTIONS[section]} at seq ${item.seq} no longer matches its ledger digest (altered in the store); run \`audit verify\``,
    );
  }
}
