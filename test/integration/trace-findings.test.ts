import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';

// Issue 20: `traces get` always said 0 findings, so a trace with PII looked clean.

let store: { dir: string; cleanup(): void };
beforeEach(() => {
  store = tempDataDir('evid-trace-findings-');
});
afterEach(() => store.cleanup());

// Synthetic values in real formats (never real credentials).
const EMAIL = 'dana.kowalski@mailbox.org';
const AWS_KEY = 'AKIA' + 'Q3EGRT5YXMZ7KD2P';

const risky = {
  session_id: 'sess_pii_trace',
  agent: 'support-bot',
  events: [
    { type: 'message', prompt: 'hello', timestamp: '2026-11-20T10:00:00Z' },
    {
      type: 'llm_call',
      prompt: `Please email the refund to ${EMAIL}`,
      timestamp: '2026-11-20T10:00:01Z',
    },
    {
      type: 'tool_call',
      prompt: `deploy(aws_access_key_id="${AWS_KEY}")`,
      timestamp: '2026-11-20T10:00:02Z',
    },
  ],
};
const clean = {
  session_id: 'sess_clean_trace',
  agent: 'support-bot',
  events: [
    { type: 'message', prompt: 'what are your opening hours?', timestamp: '2026-11-20T11:00:00Z' },
  ],
};

const evid = (argv: string[], stdin?: string) =>
  runCli('evid', argv, { dataDir: store.dir, ...(stdin !== undefined ? { stdin } : {}) });

interface Finding {
  id: string;
  type: string;
  severity: string;
  status: string;
  detector: string;
  event_id: string | null;
  trace_id: string | null;
  excerpt: string;
}

async function ingest(...traces: unknown[]): Promise<void> {
  const r = await evid(['traces', 'ingest', '-'], traces.map((t) => JSON.stringify(t)).join('\n'));
  expect(r.code, r.stderr).toBe(0);
}

describe('traces get shows the trace its findings', () => {
  it('--json lists them with the fields and values of `findings list`, in event order', async () => {
    await ingest(risky, clean);
    const trace = JSON.parse(
      (await evid(['traces', 'get', 'sess_pii_trace', '--json'])).stdout,
    ) as {
      trace_id: string;
      events: Array<{ event_id: string }>;
      findings: Finding[];
    };
    const listed = JSON.parse(
      (await evid(['findings', 'list', '--trace', 'sess_pii_trace', '--json'])).stdout,
    ) as { findings: Finding[] };
    expect(listed.findings.length).toBeGreaterThanOrEqual(2);
    // Same objects, field for field; only the order differs (events, not newest first).
    expect(trace.findings).toHaveLength(listed.findings.length);
    expect(trace.findings).toEqual(expect.arrayContaining(listed.findings));
    const email = trace.findings.find((f) => f.type === 'pii.email')!;
    expect(email).toMatchObject({
      trace_id: trace.trace_id,
      event_id: trace.events[1]!.event_id,
      status: 'open',
    });
    expect(email.excerpt).not.toContain(EMAIL);
    const secret = trace.findings.find((f) => f.type.startsWith('secret.'))!;
    expect(secret.event_id).toBe(trace.events[2]!.event_id);
    expect(trace.findings.indexOf(email)).toBeLessThan(trace.findings.indexOf(secret));

    const none = JSON.parse((await evid(['traces', 'get', 'sess_clean_trace', '--json'])).stdout);
    expect(none.findings).toEqual([]);
  });

  it('follows a review: the status a reviewer set is the one shown', async () => {
    await ingest(risky);
    const before = JSON.parse((await evid(['traces', 'get', 'sess_pii_trace', '--json'])).stdout);
    const id = (before.findings as Finding[])[0]!.id;
    const moved = await evid([
      'findings',
      'update',
      id,
      '--status',
      'remediated',
      '--comment',
      'ok',
    ]);
    expect(moved.code, moved.stderr).toBe(0);
    const after = JSON.parse((await evid(['traces', 'get', 'sess_pii_trace', '--json'])).stdout);
    expect((after.findings as Finding[]).find((f) => f.id === id)?.status).toBe('remediated');
  });

  it('the table counts them and lists each one; a clean trace says none', async () => {
    await ingest(risky, clean);
    const json = JSON.parse((await evid(['traces', 'get', 'sess_pii_trace', '--json'])).stdout);
    const findings = json.findings as Finding[];
    expect(findings.length).toBeGreaterThanOrEqual(2);
    const r = await evid(['traces', 'get', 'sess_pii_trace']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^findings\\s+${findings.length}$`, 'm'));
    expect(r.stdout).toMatch(/^Findings:$/m);
    for (const f of findings) {
      const row = r.stdout.split('\n').find((line) => line.includes(f.id));
      expect(row, f.id).toBeDefined();
      const event = json.events.find((e: { event_id: string }) => e.event_id === f.event_id);
      for (const cell of [f.severity, f.type, f.status, f.detector, ` #${event.position} `])
        expect(row).toContain(cell);
    }
    const none = await evid(['traces', 'get', 'sess_clean_trace']);
    expect(none.stdout).toMatch(/^findings\s+0$/m);
    expect(none.stdout).toMatch(/^Findings:\n {2}\(none\)$/m);
  });
});
