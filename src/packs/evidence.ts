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
/** v2: evidence.json is the header only; the records are in records.ndjson. */
export const EVIDENCE_FORMAT_V2 = 'evid-evidence/v2';

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

export type SectionName = keyof typeof EVIDENCE_SECTIONS;

interface Section {
  name: SectionName;
  /** v1: the section's rows in pack order, joined to the ids bound as @<ref kind>. */
  sql: string;
  /** v2: one row by its id (records.ndjson follows the ledger, one entry at a time). */
  one: string;
  ref: RefKind;
  item(row: Record<string, unknown>, seq: number | undefined): EvidenceItem;
}

/** One evidence item: the committed record, its entry's seq, and uncommitted state. */
export interface EvidenceItem {
  seq?: number;
  record: unknown;
  [field: string]: unknown;
}

const EVENT_COLUMNS = 'e.*, t.trace_id AS trace_id';
const FINDING_COLUMNS = 'f.*, t.trace_id AS trace_id, e.event_id AS event_id';
const FINDING_JOINS =
  'LEFT JOIN traces t ON t.id = f.trace_ref LEFT JOIN events e ON e.id = f.event_ref';
const UPDATE_COLUMNS = 'h.id, h.from_status, h.to_status, h.comment, h.actor, h.at, f.finding_id';

export const SECTIONS: Section[] = [
  {
    name: 'traces',
    ref: 'traces',
    sql: `SELECT t.* FROM ${byIds('traces', 't', 'traces')} ORDER BY sel.key`,
    one: 'SELECT t.* FROM traces t WHERE t.id = ?',
    item: (row, seq) => ({
      seq,
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
    ref: 'events',
    sql: `SELECT ${EVENT_COLUMNS} FROM ${byIds('events', 'e', 'events')}
      LEFT JOIN traces t ON t.id = e.trace_ref ORDER BY sel.key`,
    one: `SELECT ${EVENT_COLUMNS} FROM events e LEFT JOIN traces t ON t.id = e.trace_ref WHERE e.id = ?`,
    item: (row, seq) => {
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
    ref: 'findings',
    sql: `SELECT ${FINDING_COLUMNS} FROM ${byIds('findings', 'f', 'findings')}
      ${FINDING_JOINS} ORDER BY sel.key`,
    one: `SELECT ${FINDING_COLUMNS} FROM findings f ${FINDING_JOINS} WHERE f.id = ?`,
    item: (row, seq) => {
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
    ref: 'findingUpdates',
    sql: `SELECT ${UPDATE_COLUMNS}
      FROM ${byIds('finding_history', 'h', 'findingUpdates')} JOIN findings f ON f.id = h.finding_ref
      ORDER BY sel.key`,
    one: `SELECT ${UPDATE_COLUMNS} FROM finding_history h JOIN findings f ON f.id = h.finding_ref
      WHERE h.id = ?`,
    item: (row, seq) => ({
      seq,
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
      const item = section.item(row, slice.seqOf[section.ref].get(row.id as number));
      assertLedgered(section.name, item, slice.digestOf.get(item.seq!));
      sink.write(`${first ? '' : ','}\n${JSON.stringify(item)}`);
      first = false;
    }
    sink.write(first ? ']' : '\n]');
  }
  if (controls) sink.write(`,\n"controls":${JSON.stringify(controls)}`);
  sink.write('\n}\n');
}

/** v2 evidence.json: the header, the summary and the control mappings; no records. */
export function writeEvidenceHeader(
  sink: FileSink,
  header: EvidenceHeader,
  recordsFile: string,
  controls: ControlMapping[] | null,
): void {
  const doc = { format: EVIDENCE_FORMAT_V2, ...header, records: recordsFile };
  sink.write(`${JSON.stringify(controls ? { ...doc, controls } : doc, null, 1)}\n`);
}

/**
 * A pack must never carry evidence it cannot prove: a record edited in the store since it
 * was ledgered would go into the pack and fail `audit evidence verify` later, so the
 * builder refuses now and names it (the same check the verifier's `records` step makes).
 */
export function assertLedgered(
  section: SectionName,
  item: EvidenceItem,
  digest: string | undefined,
): void {
  if (item.record === null || item.seq === undefined) return; // purged: proved by its entry
  if (canonicalDigest(item.record).toString('hex') !== digest) {
    throw new CheckFailed(
      `${EVIDENCE_SECTIONS[section]} at seq ${item.seq} no longer matches its ledger digest (altered in the store); run \`audit verify\``,
    );
  }
}
