// Issue 20 (hardening): `audit verify` proves the whole store, both ways, against a trust
// root from outside the data directory. A tamper matrix run with the built binaries against
// copies of one store that holds a row in every ledgered table; each case is detected,
// exit 1, naming the cause.
import type Database from 'better-sqlite3';
import { copyFileSync, existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES, runBin, runJson, tempDataDir } from '../support/cli.js';
import { appendThroughSource, sourceSession } from '../support/source-events.js';
import { addSafetyRows } from '../support/safety-fixture.js';
import { copyDataDir, withDb } from '../support/tamper.js';
import { AppContext } from '../../src/context.js';
import { assessSystem } from '../../src/safety/assessment.js';

interface Verdict {
  ok: boolean;
  reason: string | null;
  first_bad_seq: number | null;
  record: { kind: string; subject_id: string } | null;
  row: { table: string; id: string } | null;
  message: string;
  key_fingerprint: string;
  current_key_fingerprint: string;
  entries_checked: number;
  rows_checked: Record<string, number>;
}

/** Older than any retention window: purged by the fixture's `retention enforce`. */
const oldTrace = {
  session_id: 'sess_retention_old',
  agent: 'archive-bot',
  events: [
    {
      type: 'llm_call',
      prompt: 'write to dana.kowalski@mailbox.org',
      timestamp: '2020-01-01T00:00:00Z',
    },
    { type: 'llm_call', prompt: 'done', timestamp: '2020-01-01T00:01:00Z' },
  ],
};

const base = tempDataDir('evid-trust-');
const dirs: string[] = [];
let fingerprint = '';
/** The live webhook source and the otel source removed with --purge (issue 12). */
const src = { webhook: '', otel: '' };
/** SIEM targets (issue 14): the first kept, the second removed. */
const siem: string[] = [];

async function ok(bin: 'evid' | 'audit', args: string[], dir = base.dir): Promise<void> {
  const r = await runBin(bin, args, { dataDir: dir });
  expect(r.exitCode, `${bin} ${args.join(' ')}: ${String(r.stderr)}`).toBe(0);
}

function copy(): string {
  const dir = copyDataDir(base.dir);
  dirs.push(dir);
  return dir;
}

function tampered(sql: (db: Database.Database) => void): string {
  const dir = copy();
  withDb(dir, sql);
  return dir;
}

async function verify(dir: string, args: string[] = [], env: Record<string, string> = {}) {
  const r = await runBin('audit', ['verify', '--json', ...args], { dataDir: dir, env });
  return {
    code: r.exitCode,
    data: JSON.parse(String(r.stdout)) as Verdict,
    stderr: String(r.stderr),
  };
}

beforeAll(async () => {
  // One store with a row in every ledgered table.
  for (const f of ['coding-agent.ndjson', 'support-bot.json', 'research-agents.json'])
    await ok('evid', ['traces', 'ingest', join(EXAMPLES, f)]);
  const findings = await runJson<{ findings: Array<{ id: string }> }>(
    'evid',
    ['findings', 'list'],
    { dataDir: base.dir },
  );
  await ok('evid', ['findings', 'update', findings.data.findings[0]!.id, '--status', 'reviewing']);
  const key = await runJson<{ key_id: string }>(
    'evid',
    ['admin', 'keys', 'create', '--name', 'ci', '--role', 'ingest'],
    { dataDir: base.dir },
  );
  await ok('evid', ['admin', 'keys', 'create', '--name', 'bot', '--role', 'viewer']);
  await ok('evid', ['admin', 'keys', 'revoke', key.data.key_id]);
  const policy = join(base.dir, 'policy.json');
  writeFileSync(policy, JSON.stringify({ default_threshold: 0.7 }));
  await ok('evid', ['policies', 'set', policy]);
  // Dashboard users (issue 14): one added and moved to another role.
  const user = await runBin(
    'evid',
    ['admin', 'users', 'add', '--email', 'ana@example.com', '--role', 'viewer'],
    { dataDir: base.dir, input: 'correct horse battery staple' },
  );
  expect(user.exitCode, String(user.stderr)).toBe(0);
  await ok('evid', ['admin', 'users', 'set-role', 'ana@example.com', '--role', 'analyst']);
  // Workflows (issue 17): a workflow and its agents registered, one execution run.
  await ok('evid', ['workflows', 'add', join(EXAMPLES, 'support-workflow.yaml')]);
  await ok('evid', ['execute', 'support-triage', '--input', '{"question":"where is my order?"}']);
  // Sources (issue 12), before the kill switch, the pack and the report (the tests that cut
  // the ledger's tail expect those last, each its own transaction): a webhook source that keeps its events, and an otel source removed
  // with --purge after its events arrived (its token revoked, their content blanked).
  for (const type of ['webhook', 'otel'] as const) {
    const added = await runJson<{ source: { source_id: string; type: string } }>(
      'evid',
      ['sources', 'add', '--type', type, '--name', `${type}-src`],
      { dataDir: base.dir },
    );
    src[type] = added.data.source.source_id;
    appendThroughSource(base.dir, added.data.source, [sourceSession(`s-${type}`, `${type}-bot`)]);
  }
  await ok('evid', ['sources', 'remove', src.otel, '--purge']);
  // A compliance assessment of the safety API (issue 16), made by the domain function the
  // REST route calls (the fixture has no server running).
  {
    const app = AppContext.fromEnv({ dataDir: base.dir });
    try {
      const agent = app.store.read(
        (r) => r.prepare('SELECT agent FROM traces ORDER BY id LIMIT 1').pluck().get() as string,
      );
      assessSystem(
        app.store,
        { system_id: agent, frameworks: ['gdpr'] },
        {
          actor: 'cli:fixture',
          now: new Date(),
        },
      );
    } finally {
      app.close();
    }
  }
  // SIEM targets (issue 14): one kept, one removed; the kill switch toggles below are then
  // queued in the outbox for the kept one (never sent: nothing listens, nothing flushes).
  for (const port of ['9', '10']) {
    const t = await runJson<{ target_id: string }>(
      'evid',
      ['siem', 'add', '--kind', 'syslog', '--endpoint', '127.0.0.1', '--port', port],
      { dataDir: base.dir },
    );
    siem.push(t.data.target_id);
  }
  await ok('evid', ['siem', 'remove', siem[1]!]);
  // Model analysis and alignment (issue 16): a finished run and an objective set.
  addSafetyRows(base.dir);
  await ok('audit', ['kill-switch', 'activate', '--agent', 'rogue', '--reason', 'drill']);
  await ok('audit', ['kill-switch', 'deactivate', '--agent', 'rogue', '--reason', 'done']);
  // Retention (issue 14): a policy, a hold placed and released, one kept, one purge batch.
  const old = join(base.dir, 'old.json');
  writeFileSync(old, JSON.stringify(oldTrace));
  await ok('evid', ['traces', 'ingest', old]);
  await ok('evid', ['retention', 'set', '--days', '365']);
  const hold = await runJson<{ hold_id: string }>(
    'evid',
    ['retention', 'hold', 'add', '--session', 'sess_retention_old', '--reason', 'drill'],
    { dataDir: base.dir },
  );
  await ok('evid', ['retention', 'hold', 'release', hold.data.hold_id, '--reason', 'done']);
  await ok('evid', ['retention', 'hold', 'add', '--agent', 'nobody', '--reason', 'kept']);
  await ok('evid', ['retention', 'enforce']);
  await ok('evid', [
    'pack',
    '--since',
    '2000-01-01',
    '--format',
    'json',
    '--output',
    join(base.dir, 'p.zip'),
  ]);
  await ok('audit', ['report', '--regulation', 'gdpr', '--format', 'html', '--json']);
  const v = await verify(base.dir);
  expect(v.data, v.data.message).toMatchObject({ ok: true, reason: null });
  fingerprint = v.data.key_fingerprint;
  for (const [table, n] of Object.entries(v.data.rows_checked)) expect(n, table).toBeGreaterThan(0);
}, 120_000);

afterAll(() => {
  base.cleanup();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a row inserted outside the ledger, in each ledgered table', () => {
  const copyRow = (table: string, change: string) => (db: Database.Database) => {
    const cols = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>)
      .map((c) => c.name)
      .filter((c) => c !== 'id' && c !== 'version');
    const sets = Object.fromEntries(
      change.split(',').map((kv) => kv.split('=') as [string, string]),
    );
    const values = cols.map((c) => sets[c] ?? c).join(', ');
    const extra = table === 'policies' ? ['version'] : [];
    const extraValues = table === 'policies' ? ['version + 100'] : [];
    db.prepare(
      `INSERT INTO ${table} (${[...cols, ...extra].join(', ')}) SELECT ${[values, ...extraValues].join(', ')} FROM ${table} LIMIT 1`,
    ).run();
  };
  it.each([
    [
      'traces',
      "trace_id='tr_forged',session_id='sess_forged',event_count=0,first_event_at=NULL,last_event_at=NULL",
    ],
    ['events', "event_id='ev_forged'"],
    ['findings', "finding_id='fd_forged',status='open',updated_at=created_at"],
    ['finding_history', "at='2000-01-01T00:00:00.000Z'"],
    ['api_keys', "key_id='ak_forged',revoked_at=NULL,revoked_by=NULL"],
    ['policies', "actor='mallory'"],
    ['kill_switch_history', "at='2000-01-01T00:00:00.000Z'"],
    ['packs', "pack_id='pk_forged'"],
    ['reports', "report_id='rp_forged',filename='forged.html'"],
    ['ledger_keys', "fingerprint='00'"],
    ['sources', "source_id='src_forged',name='forged'"],
    ['safety_runs', "run_id='ma_forged'"],
    ['alignment_objectives', "set_id='ao_forged'"],
    ['compliance_assessments', "assessment_id='as_forged'"],
  ])('%s', async (table, change) => {
    const r = await verify(tampered(copyRow(table, change)));
    expect(r.code).toBe(1);
    expect(r.data.ok).toBe(false);
    expect(r.stderr).toMatch(/^audit: verification failed/);
    // Named: the table (and the row), or the state it breaks.
    expect(`${r.data.row?.table ?? ''} ${r.data.message}`).toMatch(
      new RegExp(table === 'finding_history' ? 'finding' : table.replace(/_history$/, '')),
    );
    expect(['unledgered', 'tampered']).toContain(r.data.reason);
  });

  it('the kill switch turned on by hand (its current-state table)', async () => {
    const dir = tampered((db) =>
      db
        .prepare("UPDATE kill_switch SET active = 1, reason = 'forged' WHERE agent = 'rogue'")
        .run(),
    );
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ reason: 'tampered', row: { table: 'kill_switch' } });
  });
});

describe('each mutable column edited', () => {
  it.each([
    ['finding status', "UPDATE findings SET status = 'closed'", 'findings'],
    [
      'finding updated_at',
      "UPDATE findings SET updated_at = '2000-01-01T00:00:00.000Z'",
      'findings',
    ],
    [
      'api key revoked by hand',
      'UPDATE api_keys SET revoked_at = created_at, revoked_by = created_by WHERE revoked_at IS NULL',
      'api_keys',
    ],
    [
      'revoked api key restored',
      'UPDATE api_keys SET revoked_at = NULL, revoked_by = NULL',
      'apikey',
    ],
    ['api key hash swapped', "UPDATE api_keys SET hash = '00'", 'apikey.created'],
    ['api key role raised', "UPDATE api_keys SET role = 'admin'", 'apikey.created'],
    ['trace event_count', 'UPDATE traces SET event_count = event_count + 1', 'traces'],
    [
      'trace last_event_at',
      "UPDATE traces SET last_event_at = '2000-01-01T00:00:00.000Z'",
      'traces',
    ],
    [
      'event ingested_at',
      "UPDATE events SET ingested_at = '2000-01-01T00:00:00.000Z'",
      'event.ingested',
    ],
    [
      'event prompt',
      "UPDATE events SET prompt = 'edited' WHERE prompt IS NOT NULL",
      'event.ingested',
    ],
    ['finding severity', "UPDATE findings SET severity = 'low'", 'finding.created'],
    ['kill switch reason', "UPDATE kill_switch SET reason = 'edited'", 'kill_switch'],
    ['finished report marked failed', "UPDATE reports SET status = 'failed'", 'report'],
    ['policy document', "UPDATE policies SET document = '{}'", 'policy.updated'],
    ['ledger key', "UPDATE ledger_keys SET reason = 'rotated'", 'ledger.key'],
    ['source name', "UPDATE sources SET name = 'renamed' WHERE type = 'webhook'", 'source.added'],
    [
      'source endpoint',
      "UPDATE sources SET endpoint = 'http://elsewhere' WHERE type = 'webhook'",
      'source.added',
    ],
    [
      "source secret_hash (a secret of the attacker's)",
      "UPDATE sources SET secret_hash = '00' WHERE secret_hash IS NOT NULL",
      'source.added',
    ],
    [
      'source key_id (another key as its token)',
      'UPDATE sources SET key_id = (SELECT MIN(key_id) FROM api_keys) WHERE key_id IS NOT NULL',
      'source.added',
    ],
    ['source row deleted', "DELETE FROM sources WHERE type = 'webhook'", 'source'],
    [
      'safety run result',
      'UPDATE safety_runs SET result = \'{"risk_score":0}\'',
      'safety.run.completed',
    ],
    [
      'finished safety run set back to running',
      "UPDATE safety_runs SET status = 'running'",
      'safety.run.completed',
    ],
    [
      'alignment objectives',
      "UPDATE alignment_objectives SET objectives = '[]'",
      'alignment.objectives',
    ],
    [
      'removed source un-removed',
      'UPDATE sources SET removed_at = NULL, removed_by = NULL, purged = 0 WHERE removed_at IS NOT NULL',
      'source.removed',
    ],
    [
      'event moved to another source',
      "UPDATE events SET source_id = (SELECT source_id FROM sources WHERE type = 'otel') WHERE source_id = (SELECT source_id FROM sources WHERE type = 'webhook')",
      'event.ingested',
    ],
    [
      'event given a source',
      'UPDATE events SET source_id = (SELECT MIN(source_id) FROM sources) WHERE id = (SELECT MIN(id) FROM events WHERE source_id IS NULL)',
      'event.ingested',
    ],
    [
      "event's source erased",
      'UPDATE events SET source_id = NULL WHERE source_id IS NOT NULL',
      'event.ingested',
    ],
    ['source event_count', 'UPDATE sources SET event_count = event_count + 1', 'sources'],
    ['source event_count zeroed', 'UPDATE sources SET event_count = 0', 'sources'],
    [
      "a source's token unbound (api_keys.source_id)",
      'UPDATE api_keys SET source_id = NULL WHERE source_id IS NOT NULL',
      'apikey.created',
    ],
    [
      'a plain key bound to a source (api_keys.source_id)',
      'UPDATE api_keys SET source_id = (SELECT MIN(source_id) FROM sources) WHERE source_id IS NULL',
      'apikey.created',
    ],
    [
      "a source's events blanked with no purge entry",
      "UPDATE events SET prompt = NULL, completion = NULL, purged_at = '2026-01-01T00:00:00.000Z' WHERE source_id = (SELECT source_id FROM sources WHERE type = 'webhook')",
      'event',
    ],
  ])('%s', async (_name, sql, named) => {
    const r = await verify(tampered((db) => db.prepare(sql).run()));
    expect(r.code).toBe(1);
    expect(r.data.ok).toBe(false);
    expect(`${r.data.record?.kind ?? ''} ${r.data.row?.table ?? ''} ${r.data.message}`).toContain(
      named,
    );
  });
});

describe('workflows, agents and executions (issue 17)', () => {
  it.each([
    [
      'a workflow inserted outside the ledger',
      `INSERT INTO workflows (workflow_id, name, version, document, added_at, actor)
       SELECT 'wf_forged', name, version + 1, document, added_at, actor FROM workflows LIMIT 1`,
      'workflows wf_forged',
    ],
    [
      'an agent inserted outside the ledger',
      `INSERT INTO agents (agent_id, name, version, config, added_at, actor)
       SELECT 'ag_forged', name, version + 1, config, added_at, actor FROM agents LIMIT 1`,
      'agents ag_forged',
    ],
    [
      'an execution inserted outside the ledger',
      `INSERT INTO executions (execution_id, workflow_id, workflow, agents, input, started_at, started_by, status)
       SELECT 'ex_forged', workflow_id, workflow, agents, input, started_at, started_by, 'running' FROM executions LIMIT 1`,
      'executions ex_forged',
    ],
    [
      "an agent's command swapped",
      `UPDATE agents SET config = replace(config, 'classify.mjs', 'evil.mjs')`,
      'agent.added',
    ],
    [
      'a workflow edited',
      `UPDATE workflows SET document = replace(document, '60000', '1')`,
      'workflow.added',
    ],
    ['an execution input edited', `UPDATE executions SET input = '{}'`, 'execution.started'],
    [
      'a succeeded run marked failed',
      `UPDATE executions SET status = 'failed'`,
      'execution.finished',
    ],
    [
      'a result edited',
      `UPDATE executions SET result = '{"reply":"edited"}'`,
      'execution.finished',
    ],
    [
      'a finished execution made to look unfinished',
      `UPDATE executions SET finished_at = NULL`,
      'execution.finished',
    ],
  ])('%s', async (_name, sql, named) => {
    const r = await verify(tampered((db) => db.prepare(sql).run()));
    expect(r.code).toBe(1);
    expect(r.data.ok).toBe(false);
    expect(
      `${r.data.record?.kind ?? ''} ${r.data.row?.table ?? ''} ${r.data.row?.id ?? ''} ${r.data.message}`,
    ).toContain(named);
  });
});

describe('SIEM targets and their outbox (issue 14)', () => {
  it.each([
    [
      'a target inserted outside the ledger',
      `INSERT INTO siem_targets (target_id, kind, endpoint, options, events, created_at, created_by)
       SELECT 'siem_forged', kind, endpoint, options, events, created_at, created_by FROM siem_targets LIMIT 1`,
      'siem_targets siem_forged',
    ],
    [
      'a target pointed elsewhere',
      "UPDATE siem_targets SET endpoint = '203.0.113.9'",
      'siem.target_added',
    ],
    [
      'a target narrowed to fewer events',
      "UPDATE siem_targets SET events = 'none'",
      'siem.target_added',
    ],
    ['a target given a secret', "UPDATE siem_targets SET secret_hash = '00'", 'siem.target_added'],
    ['a target deleted', 'DELETE FROM siem_targets WHERE removed_at IS NULL', 'siem.target_added'],
    [
      'a removed target un-removed',
      'UPDATE siem_targets SET removed_at = NULL, removed_by = NULL',
      'siem.target_removed',
    ],
    [
      'an outbox row deleted (a kill switch change hidden from the SIEM)',
      "DELETE FROM outbox WHERE kind = 'killswitch.activated'",
      'outbox',
    ],
    [
      'an outbox row pointed at another entry',
      'UPDATE outbox SET ledger_seq = ledger_seq - 1000000',
      'outbox',
    ],
  ])('%s', async (_name, sql, named) => {
    const r = await verify(tampered((db) => db.prepare(sql).run()));
    expect(r.code).toBe(1);
    expect(r.data.ok).toBe(false);
    expect(`${r.data.record?.kind ?? ''} ${r.data.row?.table ?? ''} ${r.data.message}`).toContain(
      named,
    );
  });
});

describe('history cut, keys swapped, stores replaced', () => {
  it('the ledger tail and the tree heads above it deleted together', async () => {
    const dir = tampered((db) => {
      db.prepare('DELETE FROM ledger WHERE seq > (SELECT MAX(seq) - 3 FROM ledger)').run();
      db.prepare('DELETE FROM tree_heads WHERE tree_size > (SELECT MAX(seq) FROM ledger)').run();
    });
    const r = await verify(dir);
    expect(r.code).toBe(1);
    // The rows those entries covered are still live: they no longer have entries.
    expect(r.data).toMatchObject({ ok: false, reason: 'unledgered' });
  });

  it('the key replaced: verify names it, and the next write is refused with nothing written', async () => {
    const dir = copy();
    const other = tempDataDir();
    dirs.push(other.dir);
    await ok('evid', ['traces', 'ingest', join(EXAMPLES, 'support-bot.json')], other.dir);
    copyFileSync(join(other.dir, 'ledger-key.pem'), join(dir, 'ledger-key.pem'));
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.data.reason).toBe('key');
    expect(r.data.message).toMatch(/ledger-key\.pem .* is not this store's ledger key/);
    const before = r.data.entries_checked;
    const write = await runBin(
      'evid',
      ['admin', 'keys', 'create', '--name', 'x', '--role', 'viewer'],
      { dataDir: dir },
    );
    expect(write.exitCode).toBe(1);
    expect(String(write.stderr)).toMatch(/is not this store's ledger key .* nothing was written/);
    const count = withDb(
      dir,
      (db) => db.prepare('SELECT COUNT(*) AS n FROM ledger').get() as { n: number },
    );
    expect(count.n).toBe(before);
    // Packs are checked against the key the ledger names, not the swapped key file.
    const pack = await runJson<{
      ok: boolean;
      trusted_key: { fingerprint: string; source: string };
    }>('audit', ['evidence', 'verify', join(dir, 'p.zip')], { dataDir: dir });
    expect(pack.data.trusted_key).toEqual({ fingerprint, source: 'store' });
    expect(pack.data.ok).toBe(true);
    // With the store's own key back, all is well again.
    copyFileSync(join(base.dir, 'ledger-key.pem'), join(dir, 'ledger-key.pem'));
    expect((await verify(dir)).code).toBe(0);
  });

  it('the key deleted: verify fails, no key is created, writes are refused', async () => {
    const dir = copy();
    rmSync(join(dir, 'ledger-key.pem'));
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ reason: 'key' });
    expect(r.data.message).toMatch(/ledger-key\.pem is missing/);
    const write = await runBin('evid', ['traces', 'ingest', join(EXAMPLES, 'support-bot.json')], {
      dataDir: dir,
    });
    expect(write.exitCode).toBe(1);
    expect(String(write.stderr)).toMatch(/is missing, and this store has \d+ signed entries/);
    expect(existsSync(join(dir, 'ledger-key.pem'))).toBe(false);
    // A copy of the database can still be verified away from its key, against a pin.
    expect((await verify(dir, ['--fingerprint', fingerprint])).code).toBe(0);
  });

  it('the database deleted: one line saying what is missing, and nothing created', async () => {
    const dir = copy();
    for (const f of readdirSync(dir)) if (f.startsWith('evid.db')) rmSync(join(dir, f));
    const r = await runBin('audit', ['verify'], { dataDir: dir });
    expect(r.exitCode).toBe(1);
    expect(String(r.stderr).trim()).toMatch(
      /^audit: no evid\.db in .*, but its ledger key is there: the store was deleted or moved$/,
    );
    expect(readdirSync(dir).some((f) => f.startsWith('evid.db'))).toBe(false);
  });

  it('the data directory mistyped: an error for verify and every read, and no directory made', async () => {
    const missing = join(base.dir, 'no-such-dir');
    for (const [bin, args] of [
      ['audit', ['verify']],
      ['evid', ['status']],
      ['evid', ['traces', 'list']],
      ['audit', ['compliance', 'gdpr']],
      ['audit', ['checkpoint']],
    ] as const) {
      const r = await runBin(bin, [...args], { dataDir: missing });
      expect(r.exitCode, `${bin} ${args.join(' ')}`).toBe(1);
      expect(String(r.stderr).trim()).toBe(
        `${bin}: data directory ${missing} does not exist (check --data-dir / EVID_DATA_DIR)`,
      );
    }
    expect(existsSync(missing)).toBe(false);
  });

  it('rolled back to an earlier copy: fails against a checkpoint saved later', async () => {
    const live = copy();
    const old = copyDataDir(live);
    dirs.push(old);
    await ok('evid', ['admin', 'keys', 'create', '--name', 'late', '--role', 'viewer'], live);
    const checkpoint = join(live, '..', `${live.split('/').pop()}.checkpoint`);
    dirs.push(checkpoint);
    await ok('audit', ['checkpoint', '--output', checkpoint], live);
    // The live store extends its own checkpoint; the old copy is shorter than it.
    expect((await verify(live, ['--checkpoint', checkpoint])).code).toBe(0);
    const r = await verify(old, ['--checkpoint', checkpoint]);
    expect(r.code).toBe(1);
    expect(r.data.reason).toBe('rollback');
    expect(r.data.message).toMatch(/rolled back or truncated/);
  });

  it('rewritten with the same key: not an append-only extension of the saved checkpoint', async () => {
    const live = copy();
    const checkpoint = join(live, 'saved.checkpoint');
    await ok('audit', ['checkpoint', '--output', checkpoint], live);
    const forked = tampered((db) => {
      // Rebuild from an earlier point: drop the last entries, then append different ones.
      db.prepare('DELETE FROM ledger WHERE seq > (SELECT MAX(seq) - 2 FROM ledger)').run();
      db.prepare('DELETE FROM tree_heads WHERE tree_size > (SELECT MAX(seq) FROM ledger)').run();
      db.prepare('DELETE FROM reports').run();
      db.prepare('DELETE FROM packs').run();
    });
    // The fork now re-signs its own history with the store's key (an insider holds it).
    await ok('evid', ['admin', 'keys', 'create', '--name', 'a', '--role', 'viewer'], forked);
    await ok('evid', ['admin', 'keys', 'create', '--name', 'b', '--role', 'viewer'], forked);
    expect((await verify(forked)).code).toBe(0); // internally consistent
    const r = await verify(forked, ['--checkpoint', checkpoint]);
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ reason: 'rollback' });
    expect(r.data.message).toMatch(/not an append-only extension/);
  });

  it('rewritten and re-signed with a new key: fails against the pinned fingerprint, flag or environment', async () => {
    const forged = tempDataDir();
    dirs.push(forged.dir);
    for (const f of ['coding-agent.ndjson', 'support-bot.json'])
      await ok('evid', ['traces', 'ingest', join(EXAMPLES, f)], forged.dir);
    expect((await verify(forged.dir)).code).toBe(0); // a store of its own
    const pubkey = join(base.dir, '..', `${base.dir.split('/').pop()}.pub.pem`);
    dirs.push(pubkey);
    await ok('audit', ['public-key', '--output', pubkey]);
    for (const [args, env] of [
      [['--fingerprint', fingerprint], {}],
      [['--key', pubkey], {}],
      [[], { EVID_TRUST_FINGERPRINT: fingerprint }],
    ] as Array<[string[], Record<string, string>]>) {
      const r = await verify(forged.dir, args, env);
      expect(r.code).toBe(1);
      expect(r.data.reason).toBe('untrusted_key');
      expect(r.data.message).toContain('do not include the pinned key');
      expect((await verify(base.dir, args, env)).code).toBe(0);
    }
  });

  it('a malformed pin is a usage error naming where it came from', async () => {
    const flag = await runBin('audit', ['verify', '--fingerprint', 'zz'], { dataDir: base.dir });
    expect(flag.exitCode).toBe(2);
    expect(String(flag.stderr)).toMatch(/^audit: --fingerprint: expected the 64 hex digits/);
    const env = await runBin('audit', ['verify'], {
      dataDir: base.dir,
      env: { EVID_TRUST_FINGERPRINT: 'xyz' },
    });
    expect(env.exitCode).toBe(2);
    expect(String(env.stderr)).toMatch(
      /^audit: EVID_TRUST_FINGERPRINT: expected the 64 hex digits/,
    );
  });

  it('a pin where the store is empty or missing is an error', async () => {
    const empty = tempDataDir();
    dirs.push(empty.dir);
    const r = await runBin('audit', ['verify', '--fingerprint', fingerprint], {
      dataDir: empty.dir,
    });
    expect(r.exitCode).toBe(1);
    expect(String(r.stderr)).toMatch(/no evidence store in/);
  });
});

describe('key rotation', () => {
  it('keeps the first fingerprint a valid pin and old checkpoints valid; a crash mid-rotation is finished by the next write', async () => {
    const dir = copy();
    const before = join(dir, 'before.checkpoint');
    await ok('audit', ['checkpoint', '--output', before], dir);
    const oldKey = join(dir, 'old-key.pem.bak');
    copyFileSync(join(dir, 'ledger-key.pem'), oldKey);
    const rotated = await runJson<{ previous_fingerprint: string; fingerprint: string }>(
      'evid',
      ['admin', 'keys', 'rotate-ledger'],
      { dataDir: dir },
    );
    expect(rotated.code).toBe(0);
    expect(rotated.data.previous_fingerprint).toBe(fingerprint);
    await ok('evid', ['admin', 'keys', 'create', '--name', 'after', '--role', 'viewer'], dir);
    const v = await verify(dir, ['--fingerprint', fingerprint, '--checkpoint', before]);
    expect(v.code, v.data.message).toBe(0);
    expect(v.data.key_fingerprint).toBe(fingerprint);
    expect(v.data.current_key_fingerprint).toBe(rotated.data.fingerprint);
    // The new key alone is a valid pin too.
    expect((await verify(dir, ['--fingerprint', rotated.data.fingerprint])).code).toBe(0);

    // A crash between the rotation's commit and the key file's rename: the ledger names a
    // key that is still in ledger-key.pem.next.
    const crash = copy();
    const r2 = await runJson<{ fingerprint: string }>('evid', ['admin', 'keys', 'rotate-ledger'], {
      dataDir: crash,
    });
    renameSync(join(crash, 'ledger-key.pem'), join(crash, 'ledger-key.pem.next'));
    copyFileSync(oldKey, join(crash, 'ledger-key.pem'));
    expect((await verify(crash)).code).toBe(0); // the rotation is only half done: not tampering
    await ok('evid', ['admin', 'keys', 'create', '--name', 'next', '--role', 'viewer'], crash);
    expect(existsSync(join(crash, 'ledger-key.pem.next'))).toBe(false);
    const after = await verify(crash);
    expect(after.code).toBe(0);
    expect(after.data.current_key_fingerprint).toBe(r2.data.fingerprint);
  });
});

describe('dashboard users (issue 14)', () => {
  it.each([
    ['role raised by hand', "UPDATE users SET role = 'admin'"],
    ['password hash swapped', "UPDATE users SET password_hash = 'scrypt$32768$8$1$AAAA$BBBB'"],
    ['user removed by hand', 'UPDATE users SET removed_at = updated_at'],
    [
      'user inserted without a ledger entry',
      `INSERT INTO users (user_id, email, role, password_hash, created_at, created_by, updated_at)
       SELECT 'usr_X', 'eve@example.com', 'admin', password_hash, created_at, created_by, updated_at FROM users`,
    ],
  ])('%s: verify names the user', async (_name, sql) => {
    const r = await verify(tampered((db) => db.prepare(sql).run()));
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ ok: false, reason: 'tampered', row: { table: 'users' } });
  });

  it('a change history row edited or inserted: the ledger names it', async () => {
    const edited = await verify(
      tampered((db) => db.prepare("UPDATE user_history SET role = 'admin'").run()),
    );
    expect(edited.data).toMatchObject({ ok: false, reason: 'tampered' });
    expect(edited.data.record?.kind).toMatch(/^user\./);
    const inserted = await verify(
      tampered((db) =>
        db
          .prepare(
            'INSERT INTO user_history (user_ref, user_id, action, email, role, password_sha256, actor, at) SELECT user_ref, user_id, action, email, role, password_sha256, actor, at FROM user_history LIMIT 1',
          )
          .run(),
      ),
    );
    expect(inserted.data).toMatchObject({ ok: false, row: { table: 'user_history' } });
  });
});

// Issue 14: retention's rows are ledgered and verified like the rest; a purge is accepted
// only where a purge entry covers it.
describe('retention rows and purges tampered with', () => {
  const insertCopy = (table: string, change: Record<string, string>) => (db: Database.Database) => {
    const cols = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>)
      .map((c) => c.name)
      .filter((c) => c !== 'id');
    const values = cols.map((c) => change[c] ?? c).join(', ');
    db.prepare(
      `INSERT INTO ${table} (${cols.join(', ')}) SELECT ${values} FROM ${table} LIMIT 1`,
    ).run();
  };
  it.each([
    ['retention_policy', {}],
    ['legal_holds', { hold_id: "'hold_forged'" }],
    ['purge_batches', { batch_id: "'pb_forged'" }],
  ])('a %s row inserted outside the ledger', async (table, change) => {
    const r = await verify(tampered(insertCopy(table, change)));
    expect(r.code).toBe(1);
    expect(r.data.reason).toBe('unledgered');
    expect(r.data.row?.table).toBe(table);
  });

  it.each([
    ['retention days', 'UPDATE retention_policy SET days = 7', 'retention.updated'],
    ['retention enforce', 'UPDATE retention_policy SET enforce = 1 - enforce', 'retention.updated'],
    ['hold reason', "UPDATE legal_holds SET reason = 'edited'", 'hold.added'],
    [
      'hold released by hand',
      "UPDATE legal_holds SET released_at = created_at, released_by = 'x', release_reason = 'x' WHERE released_at IS NULL",
      'legal_holds_released',
    ],
    [
      'hold release reason',
      "UPDATE legal_holds SET release_reason = 'edited' WHERE released_at IS NOT NULL",
      'hold.released',
    ],
    ['purge batch count', 'UPDATE purge_batches SET count = count + 1', 'purge.batch'],
    [
      'an assessment result edited (issue 16)',
      "UPDATE compliance_assessments SET result = replace(result, 'gdpr', 'none')",
      'assessment.created',
    ],
    [
      'an event blanked by hand',
      'UPDATE events SET prompt = NULL, purged_at = ingested_at WHERE id = (SELECT MIN(id) FROM events WHERE purged_at IS NULL)',
      'no purge was ledgered',
    ],
    [
      'an event blanked and pointed at a batch that did not purge it',
      'UPDATE events SET prompt = NULL, purged_at = ingested_at, purge_ref = (SELECT MIN(id) FROM purge_batches) WHERE id = (SELECT MIN(id) FROM events WHERE purged_at IS NULL)',
      'purge batch',
    ],
    [
      'a purged event unlinked from its batch',
      'UPDATE events SET purge_ref = NULL WHERE id = (SELECT MIN(id) FROM events WHERE purge_ref IS NOT NULL)',
      'no purge was ledgered',
    ],
    [
      'a finding blanked by hand',
      "UPDATE findings SET excerpt = '', purged_at = created_at WHERE id = (SELECT MIN(id) FROM findings WHERE purged_at IS NULL)",
      'no purge was ledgered',
    ],
  ])('%s', async (_name, sql, named) => {
    const r = await verify(tampered((db) => db.prepare(sql).run()));
    expect(r.code).toBe(1);
    expect(r.data.ok).toBe(false);
    expect(`${r.data.record?.kind ?? ''} ${r.data.row?.table ?? ''} ${r.data.message}`).toContain(
      named,
    );
  });

  it('the fixture holds a purge: verify reports it as purged, and the purge entry names its actor', async () => {
    const r = await verify(base.dir);
    expect(r.data).toMatchObject({ ok: true });
    expect((r.data as unknown as { purged: number }).purged).toBeGreaterThanOrEqual(3);
    const actors = withDb(base.dir, (db) =>
      db.prepare("SELECT DISTINCT actor FROM ledger WHERE kind = 'purge.batch'").pluck().all(),
    );
    expect(actors).toHaveLength(1);
    expect(String(actors[0])).toMatch(/^cli:/);
  });
});
