import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/compliance/score/load.js';
import { scoreRegulation } from '../../src/compliance/score/score.js';
import { AppContext } from '../../src/context.js';
import { ConflictError, NotFoundError } from '../../src/errors.js';
import { activateKillSwitch } from '../../src/killswitch/killswitch.js';
import { generateReport } from '../../src/reports/generate.js';
import { createReportRecord, getReport, listReports } from '../../src/reports/report-store.js';
import { updateFindingStatus } from '../../src/store/findings.js';
import { verifyLedger } from '../../src/store/verify-ledger.js';
import { EXAMPLES, ROOT, tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import { checkXml } from '../support/report-xml.js';
import { copyDataDir, withDb } from '../support/tamper.js';

const store = tempDataDir('evid-report-');
let app: AppContext;

beforeAll(async () => {
  for (const file of [
    join(EXAMPLES, 'support-bot.json'),
    join(ROOT, 'test/fixtures/compliance-traces.ndjson'),
  ]) {
    const r = await runCli('evid', ['traces', 'ingest', file], { dataDir: store.dir });
    expect(r.code, r.stderr).toBe(0);
  }
  app = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_ACTOR: 'test:officer' } });
});
afterAll(() => {
  app?.close();
  store.cleanup();
});

const verify = () => app.store.read((r) => verifyLedger(r, app.store.origin));

describe('compliance snapshot from a real store', () => {
  it('reads agents, findings, reviews, kill switch and policy', () => {
    const before = readSnapshot(app.store);
    expect(before.ledger.ok).toBe(true);
    expect(before.agents.map((a) => a.agent)).toEqual(['coding-agent', 'support-bot']);
    for (const a of before.agents) {
      expect(a.events_ledgered).toBe(a.events);
      expect(a.traces_analysed).toBe(a.traces);
    }
    expect(before.kill_switch).toMatchObject({ recorded: true, active: [] });
    expect(before.retention.policy).toBeNull();
    const secret = before.findings.find((f) => f.category === 'secret')!;
    expect(secret.severity).toBe('critical');
    expect(secret.reviewed_at).toBeNull();
    expect(secret.occurred_at).toBe('2026-09-10T10:00:00.000Z');

    app.store.transact((tx) => {
      updateFindingStatus(tx, secret.id, 'reviewing', undefined);
      updateFindingStatus(tx, secret.id, 'remediated', 'key rotated');
      activateKillSwitch(tx, { agent: 'coding-agent', reason: 'leaked key' });
    });
    const after = readSnapshot(app.store);
    const reviewed = after.findings.find((f) => f.id === secret.id)!;
    expect(reviewed.reviewed_at).not.toBeNull();
    expect(reviewed).toMatchObject({
      status: 'remediated',
      status_changes: 2,
      commented_changes: 1,
    });
    expect(after.kill_switch.active).toEqual([
      expect.objectContaining({
        scope: 'coding-agent',
        reason: 'leaked key',
        actor: 'test:officer',
      }),
    ]);
    expect(after.kill_switch.ledgered_changes).toBe(1);
  });
});

describe('retention facts', () => {
  it('counts content purged before six months as an early purge (a failed retention control)', () => {
    const copy = copyDataDir(store.dir);
    try {
      withDb(copy, (db) =>
        db
          .prepare(
            "UPDATE events SET purged_at = strftime('%Y-%m-%dT%H:%M:%fZ', timestamp, '+10 days'), prompt = NULL WHERE agent = 'support-bot'",
          )
          .run(),
      );
      const other = AppContext.fromEnv({ dataDir: copy });
      try {
        const snap = readSnapshot(other.store);
        const bot = snap.agents.find((a) => a.agent === 'support-bot')!;
        expect(bot.events_purged).toBe(bot.events);
        expect(bot.early_purges).toBe(bot.events);
        expect(bot.oldest_kept_at).toBeNull();
        const s = scoreRegulation(snap, 'eu-ai-act', { now: new Date() });
        expect(s.controls.find((c) => c.id === 'eu-ai-act:art-19')!.status).toBe('fail');
      } finally {
        other.close();
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('generateReport', () => {
  it('writes the html under <data dir>/reports, records its hash and ledgers it', async () => {
    const report = await generateReport(app, { regulation: 'eu-ai-act', format: 'html' });
    expect(report.status).toBe('done');
    expect(report.path).toBe(join(store.dir, 'reports', report.filename));
    expect(report.filename).toMatch(/^eu-ai-act-\d{8}T\d{6}Z-[0-9a-z]{8}\.html$/);
    const bytes = readFileSync(report.path);
    expect(report.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(report.size_bytes).toBe(bytes.length);
    expect(checkXml(bytes.toString('utf8')).errors).toEqual([]);
    const entry = withDb(store.dir, (db) =>
      db
        .prepare("SELECT * FROM ledger WHERE kind = 'report.generated' AND subject_id = ?")
        .get(report.report_id),
    );
    expect(entry).toBeDefined();
    expect(verify().ok).toBe(true);
    // The stored score is the one scoring computes (report generation does not change it).
    const score = scoreRegulation(readSnapshot(app.store), 'eu-ai-act', {
      now: new Date(),
    });
    expect(report.score).toBe(score.score);
  });

  it('runs the asynchronous flow: queued, then generated by id, once', async () => {
    const queued = app.store.transact((tx) =>
      createReportRecord(tx, { regulation: 'gdpr', format: 'pdf', agent: 'support-bot' }),
    );
    expect(queued.status).toBe('queued');
    expect(queued.filename).toMatch(/^gdpr-support-bot-.*\.pdf$/);
    const done = await generateReport(app, { reportId: queued.report_id });
    expect(done).toMatchObject({
      report_id: queued.report_id,
      status: 'done',
      agent: 'support-bot',
    });
    expect(readFileSync(done.path).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(generateReport(app, { reportId: queued.report_id })).rejects.toThrow(
      ConflictError,
    );
    expect(app.store.read((r) => getReport(r, done.filename)).report_id).toBe(done.report_id);
  });

  it('marks a report failed (and writes no file) when its agent is unknown', async () => {
    const queued = app.store.transact((tx) =>
      createReportRecord(tx, { regulation: 'gdpr', format: 'html', agent: 'ghost' }),
    );
    await expect(generateReport(app, { reportId: queued.report_id })).rejects.toThrow(
      NotFoundError,
    );
    const failed = app.store.read((r) => getReport(r, queued.report_id));
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('agent ghost not found');
    expect(existsSync(join(store.dir, 'reports', failed.filename))).toBe(false);
    // Without a queued row, an unknown agent is refused before anything is recorded.
    const total = app.store.read((r) => listReports(r).total);
    await expect(
      generateReport(app, { regulation: 'gdpr', format: 'html', agent: 'ghost' }),
    ).rejects.toThrow(NotFoundError);
    expect(app.store.read((r) => listReports(r).total)).toBe(total);
  });

  it('lists reports newest first, and audit verify catches an edited report row', () => {
    const list = app.store.read((r) => listReports(r));
    expect(list.reports.map((r) => r.status)).toContain('done');
    expect(list.reports[0]!.created_at >= list.reports[list.reports.length - 1]!.created_at).toBe(
      true,
    );
    expect(verify().ok).toBe(true);
    app.close();
    withDb(store.dir, (db) =>
      db
        .prepare("UPDATE reports SET sha256 = ? WHERE status = 'done' AND format = 'html'")
        .run('0'.repeat(64)),
    );
    app = AppContext.fromEnv({ dataDir: store.dir });
    const verdict = verify();
    expect(verdict.ok).toBe(false);
    expect(verdict.record?.kind).toBe('report.generated');
  });
});
