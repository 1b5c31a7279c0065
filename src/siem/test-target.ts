import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { TargetRow } from './targets.js';
import { transportFor } from './transport.js';
import type { OutboundEvent } from './types.js';

export interface TestResult {
  target_id: string;
  kind: string;
  ok: boolean;
  /** The receiver's own answer (HEC code and text, HTTP status, ...), secrets masked. */
  answer: string;
}

/** Sends one `siem.test` event straight to the target (not through the queue). */
export async function testTarget(
  dataDir: string,
  row: TargetRow,
  version: string,
  now: Date,
): Promise<TestResult> {
  const event: OutboundEvent = {
    event_id: randomUUID(),
    kind: 'siem.test',
    time: now.toISOString(),
    severity: 'info',
    summary: `evid test event from ${hostname()}`,
    subject_id: row.target_id,
    ledger_seq: null,
    record: { test: true, target_id: row.target_id },
  };
  let answer;
  try {
    const transport = transportFor(dataDir, row, version);
    try {
      answer = await transport.send([event]);
    } finally {
      await transport.close();
    }
  } catch (err) {
    answer = { ok: false, answer: (err as Error).message };
  }
  return { target_id: row.target_id, kind: row.kind, ok: answer.ok, answer: answer.answer };
}
