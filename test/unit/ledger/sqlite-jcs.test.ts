import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { canonicalize } from '../../../src/ledger/jcs.js';
import { eventRecord } from '../../../src/store/records.js';

// The parallel verifier (src/store/verify-scan.ts) lets SQLite render records as JSON and
// hashes that text. A difference would not pass a bad record (equal text means an equal
// JSON value), but it would send every such row down the slow path: keep them identical.
const db = new Database(':memory:');

it("SQLite's json_quote escapes every code point as JSON.stringify (RFC 8785) does", () => {
  const quote = db.prepare('SELECT json_quote(?)').pluck();
  const differ: string[] = [];
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c < 0xe000) continue; // lone surrogates are not I-JSON
    const s = `a${String.fromCharCode(c)}b`;
    if (quote.get(s) !== JSON.stringify(s)) differ.push(c.toString(16));
  }
  for (const s of ['😀', '𝄞x', '\u2028\u2029', '"\\/', '']) {
    if (quote.get(s) !== JSON.stringify(s)) differ.push(s);
  }
  expect(differ).toEqual([]);
});

it('json_object over the sorted record fields gives the canonical JSON of an event record', () => {
  const render = db
    .prepare(
      `SELECT json_object('agent', ?, 'attributes', ?, 'completion', ?, 'event_id', ?, 'model', ?,
        'position', ?, 'prompt', ?, 'timestamp', ?, 'tokens_completion', ?, 'tokens_prompt', ?,
        'trace_id', ?, 'type', ?)`,
    )
    .pluck();
  const record = eventRecord({
    event_id: 'evt_1',
    trace_id: 'tr_1',
    position: 3,
    agent: 'agent "q"\n',
    type: 'llm_call',
    model: null,
    prompt: 'naïve \u0001 text 😀 \\ end',
    completion: null,
    tokens_prompt: 0,
    tokens_completion: 123456789012,
    timestamp: '2026-11-22T00:00:00.000Z',
    attributes: '{"k":[1,2]}',
  });
  // Stored in INTEGER columns, as the store's are (a JS number would bind as REAL).
  const r = Object.fromEntries(
    Object.entries(record).map(([k, v]) => [k, typeof v === 'number' ? BigInt(v) : v]),
  );
  expect(
    render.get(
      r.agent,
      r.attributes,
      r.completion,
      r.event_id,
      r.model,
      r.position,
      r.prompt,
      r.timestamp,
      r.tokens_completion,
      r.tokens_prompt,
      r.trace_id,
      r.type,
    ),
  ).toBe(canonicalize(record));
  expect(Object.keys(record).sort()).toEqual([
    'agent',
    'attributes',
    'completion',
    'event_id',
    'model',
    'position',
    'prompt',
    'timestamp',
    'tokens_completion',
    'tokens_prompt',
    'trace_id',
    'type',
  ]);
});
