import { createHash, createHmac } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import {
  FINGERPRINT_KEY_FILE,
  loadOrCreateFingerprintKey,
} from '../../src/detect/fingerprint-key.js';
import { TraceAnalyzer } from '../../src/ingest/analyze-trace.js';
import { validateTraceRequest, type TraceInput } from '../../src/ingest/validate.js';
import { tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import { withDb } from '../support/tamper.js';

// A synthetic SSN in a valid range (not one of the well-known fakes the detector skips).
const SSN = '371-28-4410';

let dirs: Array<{ dir: string; cleanup(): void }>;
const apps: AppContext[] = [];
beforeEach(() => {
  dirs = [tempDataDir(), tempDataDir()];
});
afterEach(() => {
  for (const app of apps.splice(0)) app.close();
  for (const d of dirs) d.cleanup();
});

function open(dir: string): AppContext {
  const app = AppContext.fromEnv({ dataDir: dir, env: { EVID_ACTOR: 'cli:test' } });
  apps.push(app);
  return app;
}

/** A trace as the ingest pipeline sees it after validation. */
function trace(prompts: string[]): TraceInput {
  return validateTraceRequest({
    session_id: 'sess_fp',
    agent: 'support-bot',
    events: prompts.map((prompt, i) => ({
      type: 'llm_call',
      prompt,
      timestamp: `2026-11-20T10:00:0${i}Z`,
    })),
  });
}

/** The pii.ssn fingerprints the store's analyzer gives a trace. */
function ssnFingerprints(dir: string, prompts: string[]): string[] {
  const analysis = TraceAnalyzer.forStore(open(dir).store).analyze(trace(prompts));
  return analysis.events.flatMap((e) =>
    e.findings.filter((f) => f.type === 'pii.ssn').map((f) => f.fingerprint),
  );
}

const keyOf = (dir: string) =>
  Buffer.from(readFileSync(join(dir, FINGERPRINT_KEY_FILE), 'utf8').trim(), 'hex');

describe('finding fingerprints keyed per store', () => {
  it('creates the key on first use, mode 0600, and keys fingerprints with it', () => {
    const [dir] = dirs.map((d) => d.dir) as [string];
    const [fp] = ssnFingerprints(dir, [`My SSN is ${SSN}.`]);
    expect(statSync(join(dir, FINGERPRINT_KEY_FILE)).mode & 0o777).toBe(0o600);
    const key = keyOf(dir);
    expect(key.length).toBe(32);
    expect(fp).toBe(createHmac('sha256', key).update(`pii.ssn\u0000${SSN}`).digest('hex'));
    // Not the unkeyed hash an attacker could rebuild from the ~10^9 possible SSNs.
    expect(fp).not.toBe(createHash('sha256').update(`pii.ssn\u0000${SSN}`).digest('hex'));
  });

  it('gives the same value the same fingerprint in one store and different ones in two', () => {
    const [a, b] = dirs.map((d) => d.dir) as [string, string];
    const first = ssnFingerprints(a, [`SSN ${SSN}`]);
    const again = ssnFingerprints(a, [`social security number: ${SSN}`]); // key read back from disk
    const other = ssnFingerprints(b, [`SSN ${SSN}`]);
    expect(first).toHaveLength(1);
    expect(again).toEqual(first);
    expect(other).toHaveLength(1);
    expect(other).not.toEqual(first);
  });

  it('still de-duplicates a value repeated within a trace', () => {
    const [dir] = dirs.map((d) => d.dir) as [string];
    const fps = ssnFingerprints(dir, [`SSN ${SSN}`, `Again, my SSN is ${SSN}.`]);
    expect(fps).toHaveLength(1);
  });

  it('refuses a malformed key file instead of silently using it', () => {
    const [dir] = dirs.map((d) => d.dir) as [string];
    writeFileSync(join(dir, FINGERPRINT_KEY_FILE), 'not hex\n', { mode: 0o600 });
    expect(() => loadOrCreateFingerprintKey(dir)).toThrow(/64 hex digits/);
  });

  it('stores findings from `evid traces ingest` with the keyed fingerprint', async () => {
    const [dir] = dirs.map((d) => d.dir) as [string];
    const body = {
      session_id: 'sess_fp_cli',
      agent: 'support-bot',
      events: [{ type: 'llm_call', prompt: `SSN ${SSN}`, timestamp: '2026-11-20T10:00:00Z' }],
    };
    const ingest = await runCli('evid', ['traces', 'ingest', '-', '--json'], {
      dataDir: dir,
      stdin: JSON.stringify(body),
    });
    expect(ingest.code).toBe(0);
    const stored = withDb(dir, (db) =>
      db.prepare("SELECT fingerprint FROM findings WHERE type = 'pii.ssn'").all(),
    ) as Array<{ fingerprint: string }>;
    const expected = createHmac('sha256', keyOf(dir)).update(`pii.ssn\u0000${SSN}`).digest('hex');
    expect(stored).toEqual([{ fingerprint: expected }]);
  });
});
