import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import { withDb } from '../support/tamper.js';

let store: { dir: string; cleanup(): void };
beforeEach(() => {
  store = tempDataDir();
});
afterEach(() => store.cleanup());

const event = (over: Record<string, unknown> = {}) => ({
  type: 'llm_call',
  model: 'gpt-4o',
  prompt: 'hello',
  completion: 'hi',
  tokens_prompt: 3,
  tokens_completion: 1,
  timestamp: '2026-11-20T10:00:00Z',
  ...over,
});
const trace = (
  session: string,
  events: unknown[] = [event()],
  over: Record<string, unknown> = {},
) => ({
  session_id: session,
  agent: 'bot',
  framework: 'langchain',
  events,
  ...over,
});

/** Everything that must stay exactly as it was after refused input. */
function snapshot(dir: string): string {
  return withDb(dir, (db) =>
    JSON.stringify([
      db.prepare('SELECT * FROM traces ORDER BY id').all(),
      db.prepare('SELECT * FROM events ORDER BY id').all(),
      db.prepare('SELECT * FROM ledger ORDER BY seq').all(),
      db.prepare('SELECT * FROM tree_heads ORDER BY tree_size').all(),
    ]),
  );
}

async function ingest(input: unknown) {
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  return runCli('evid', ['traces', 'ingest', '-', '--json'], { dataDir: store.dir, stdin: text });
}

describe('evid traces ingest: bad input', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['malformed JSON', '{"session_id": "s1", "agent": ', /input: malformed JSON/],
    ['missing session_id', { agent: 'bot', events: [event()] }, /session_id: is required/],
    ['missing agent', { session_id: 's1', events: [event()] }, /agent: is required/],
    [
      'wrong type',
      trace('s1', [event({ tokens_prompt: 'many' })]),
      /events\[0\]\.tokens_prompt: must be integer or null/,
    ],
    [
      'negative tokens',
      trace('s1', [event({ tokens_completion: -5 })]),
      /events\[0\]\.tokens_completion: must be >= 0/,
    ],
    [
      'not ISO 8601',
      trace('s1', [event({ timestamp: '20/11/2026 10:00' })]),
      /events\[0\]\.timestamp: must be an ISO 8601 date-time/,
    ],
    [
      'impossible date',
      trace('s1', [event({ timestamp: '2026-13-45T10:00:00Z' })]),
      /events\[0\]\.timestamp: is not a valid date-time/,
    ],
    [
      'a day that does not exist',
      trace('s1', [event({ timestamp: '2026-02-30T10:00:00Z' })]),
      /events\[0\]\.timestamp: is not a valid date-time/,
    ],
    ['no events', trace('s1', []), /events: must contain at least 1 event/],
    ['events not an array', trace('s1', {} as unknown as unknown[]), /events: must be array/],
    [
      'missing event type',
      trace('s1', [event({ type: undefined })]),
      /events\[0\]\.type: is required/,
    ],
    [
      'too many events',
      trace(
        's1',
        Array.from({ length: 10_001 }, () => event()),
      ),
      /events: must contain at most 10000 events/,
    ],
  ];

  it.each(cases)(
    '%s: exit 2, names the field and the rule, store unchanged',
    async (_name, input, message) => {
      await ingest(trace('existing'));
      const before = snapshot(store.dir);
      const r = await ingest(input);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(snapshot(store.dir)).toBe(before);
    },
  );

  it('refuses a trace over 10 MB', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const r = await ingest(
      trace(
        'huge',
        Array.from({ length: 11 }, () => event({ prompt: big })),
      ),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/trace: is \d+ bytes, more than the limit of 10485760 bytes/);
  });

  it('a bad trace in a batch does not stop the good ones, and the report lists it', async () => {
    const r = await ingest([
      trace('good-1'),
      trace('bad', [event({ tokens_prompt: -1 })]),
      trace('good-2'),
    ]);
    expect(r.code).toBe(2);
    const report = JSON.parse(r.stdout);
    expect(report.accepted.map((a: { session_id: string }) => a.session_id)).toEqual([
      'good-1',
      'good-2',
    ]);
    expect(report.rejected).toEqual([
      expect.objectContaining({
        index: 1,
        session_id: 'bad',
        status: 'rejected',
        error: expect.objectContaining({ field: 'events[0].tokens_prompt' }),
      }),
    ]);
    expect(r.stderr).toMatch(
      /1 of 3 traces rejected; first \(#1\): events\[0\]\.tokens_prompt: must be >= 0/,
    );
  });

  it('a malformed NDJSON line is rejected by line number, the other lines go in', async () => {
    const text = [
      JSON.stringify(trace('nd-1')),
      '{"session_id": oops}',
      JSON.stringify(trace('nd-2')),
    ].join('\n');
    const r = await ingest(text);
    expect(r.code).toBe(2);
    const report = JSON.parse(r.stdout);
    expect(report.accepted).toHaveLength(2);
    expect(report.rejected[0]).toMatchObject({ line: 2, status: 'rejected' });
  });

  it('a duplicate session_id is a conflict (exit 4) and changes nothing', async () => {
    const first = await ingest(trace('dup'));
    expect(first.code).toBe(0);
    const before = snapshot(store.dir);
    const again = await ingest(trace('dup'));
    expect(again.code).toBe(4);
    expect(again.stderr).toMatch(/session_id: dup was already ingested as tr_/);
    expect(snapshot(store.dir)).toBe(before);
  });

  it('a duplicate event_id is a conflict (exit 4) and changes nothing', async () => {
    await ingest(trace('e1', [event({ event_id: 'evt-1' })]));
    const before = snapshot(store.dir);
    const again = await ingest(trace('e2', [event({ event_id: 'evt-1' })]));
    expect(again.code).toBe(4);
    expect(again.stderr).toMatch(/events\[0\]\.event_id: evt-1 was already ingested/);
    expect(snapshot(store.dir)).toBe(before);
  });

  it('reports each accepted trace with the seed 001 ingestion response fields', async () => {
    const r = await ingest(trace('fields', [event(), event({ type: 'tool_call' })]));
    expect(r.code).toBe(0);
    const [accepted] = JSON.parse(r.stdout).accepted;
    expect(accepted).toEqual({
      index: 0,
      trace_id: expect.stringMatching(/^tr_/),
      session_id: 'fields',
      status: 'accepted',
      events_ingested: 2,
      findings_generated: 0,
    });
  });
});

describe('usage errors', () => {
  const cases: Array<[string[], number, RegExp]> = [
    [['traces', 'list', '--limit', '0'], 2, /--limit: must be a whole number from 1 to 1000/],
    [['traces', 'list', '--since', 'yesterday'], 2, /--since: expected an ISO 8601 date/],
    [['traces', 'list', '--bogus'], 2, /unknown option '--bogus'/],
    [['traces', 'get'], 2, /missing required argument 'id'/],
    [['nonsense'], 2, /unknown command 'nonsense'/],
    [['--version'], 0, /^$/],
    [['traces', 'list', '--help'], 0, /^$/],
  ];
  it.each(cases)('evid %j -> exit %i', async (argv, code, stderr) => {
    const r = await runCli('evid', argv, { dataDir: store.dir });
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(stderr);
  });

  it("commander's errors are one line, prefixed like every other error", async () => {
    const evid = await runCli('evid', ['traces', 'list', '--bogus'], { dataDir: store.dir });
    expect(evid.stderr).toBe("evid: unknown option '--bogus' (run with --help for usage)\n");
    const audit = await runCli('audit', ['compliance'], { dataDir: store.dir });
    expect(audit.code).toBe(2);
    expect(audit.stderr).toBe(
      "audit: missing required argument 'regulation' (run with --help for usage)\n",
    );
  });

  it('help shows examples', async () => {
    const r = await runCli('evid', ['traces', 'list', '--help'], { dataDir: store.dir });
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).toContain('--session <id>');
  });
});
