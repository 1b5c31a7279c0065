import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES, ROOT, runBin, runJson, tempDataDir } from '../support/cli.js';
import { checkXml } from '../support/report-xml.js';

interface Score {
  regulation: string;
  agent: string | null;
  score: number;
  counts: { pass: number; partial: number; fail: number };
  controls: Array<{ id: string; ref: string; status: string; evidence: { finding_ids: string[] } }>;
  agents: Array<{ agent: string; score: number }>;
}
interface Report {
  report_id: string;
  status: string;
  path: string;
  output: string | null;
  score: number;
  sha256: string;
}

const store = tempDataDir('evid-report-e2e-');
const out = tempDataDir('evid-report-out-');
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

beforeAll(async () => {
  for (const file of [
    join(EXAMPLES, 'support-bot.json'),
    join(EXAMPLES, 'coding-agent.ndjson'),
    join(ROOT, 'test/fixtures/compliance-traces.ndjson'),
  ]) {
    const r = await runBin('evid', ['traces', 'ingest', file], { dataDir: store.dir });
    expect(r.exitCode, String(r.stderr)).toBe(0);
  }
  const list = await runJson<{ findings: Array<{ id: string; severity: string }> }>(
    'evid',
    ['findings', 'list'],
    {
      dataDir: store.dir,
    },
  );
  const high = list.data.findings.find((f) => f.severity === 'high')!;
  const r = await runBin(
    'evid',
    ['findings', 'update', high.id, '--status', 'reviewing', '--comment', 'triage'],
    {
      dataDir: store.dir,
    },
  );
  expect(r.exitCode, String(r.stderr)).toBe(0);
});
afterAll(() => {
  store.cleanup();
  out.cleanup();
});

/** The statuses the html report shows, by control id. */
function htmlStatuses(html: string): Record<string, string> {
  const rows = [...html.matchAll(/<tr id="control-([^"]+)" data-status="(pass|partial|fail)">/g)];
  return Object.fromEntries(rows.map((m) => [m[1]!, m[2]!]));
}

describe('audit compliance', () => {
  it('prints a table of controls with status and evidence', async () => {
    const r = await runBin('audit', ['compliance', 'eu-ai-act'], { dataDir: store.dir });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    expect(r.stdout).toMatch(/score\s+\d+(\.\d)? \/ 100/);
    expect(r.stdout).toContain('Art. 14(4)(e)');
    expect(r.stdout).toMatch(/✗ fail|◐ partial|✓ pass/);
  });

  it('--json gives the full structure with snake_case names', async () => {
    const r = await runJson<Score & Record<string, unknown>>('audit', ['compliance', 'gdpr'], {
      dataDir: store.dir,
    });
    expect(r.code).toBe(0);
    expect(Object.keys(r.data)).toEqual(
      expect.arrayContaining([
        'regulation',
        'regulation_name',
        'score',
        'counts',
        'generated_at',
        'period',
        'review_within_days',
        'controls',
        'agents',
        'ledger',
      ]),
    );
    expect(r.data.controls[0]).toHaveProperty('evidence.finding_ids');
    expect(r.data.controls.find((c) => c.id === 'gdpr:art-32')!.status).toBe('fail');
    expect(r.data.agents.map((a) => a.agent)).toEqual(['coding-agent', 'support-bot']);
  });

  it('scores one agent, and exits 3 for an unknown one', async () => {
    const one = await runJson<Score>('audit', ['compliance', 'eu-ai-act', 'support-bot'], {
      dataDir: store.dir,
    });
    expect(one.code).toBe(0);
    expect(one.data.agent).toBe('support-bot');
    const ghost = await runBin('audit', ['compliance', 'eu-ai-act', 'ghost'], {
      dataDir: store.dir,
    });
    expect(ghost.exitCode).toBe(3);
    expect(String(ghost.stderr).trim()).toBe('audit: agent ghost not found');
  });

  it('exits 2 for an unknown regulation, listing the allowed values', async () => {
    const r = await runBin('audit', ['compliance', 'hipaa'], { dataDir: store.dir });
    expect(r.exitCode).toBe(2);
    expect(String(r.stderr)).toContain('must be one of eu-ai-act, gdpr, nist-ai-rmf, iso-42001');
  });
});

describe('audit report', () => {
  it('html: well-formed, and its numbers equal audit compliance --json', async () => {
    const target = join(out.dir, 'eu.html');
    const rep = await runJson<Report>(
      'audit',
      ['report', '--regulation', 'eu-ai-act', '--format', 'html', '-o', target],
      {
        dataDir: store.dir,
      },
    );
    expect(rep.code, rep.stderr).toBe(0);
    expect(rep.data).toMatchObject({ status: 'done', output: target });
    const score = await runJson<Score>('audit', ['compliance', 'eu-ai-act'], {
      dataDir: store.dir,
    });
    const html = readFileSync(target, 'utf8');
    expect(readFileSync(rep.data.path, 'utf8')).toBe(html);
    expect(checkXml(html).errors).toEqual([]);
    expect(html).toContain(`data-score="${score.data.score.toFixed(1)}"`);
    expect(rep.data.score).toBe(score.data.score);
    expect(htmlStatuses(html)).toEqual(
      Object.fromEntries(score.data.controls.map((c) => [c.id, c.status])),
    );
    for (const c of score.data.controls)
      for (const id of c.evidence.finding_ids) expect(html).toContain(id);
  });

  it('html per agent matches the per-agent score', async () => {
    const rep = await runJson<Report>(
      'audit',
      ['report', '--regulation', 'gdpr', '--agent', 'coding-agent'],
      {
        dataDir: store.dir,
      },
    );
    expect(rep.code, rep.stderr).toBe(0);
    const score = await runJson<Score>('audit', ['compliance', 'gdpr', 'coding-agent'], {
      dataDir: store.dir,
    });
    const html = readFileSync(rep.data.path, 'utf8');
    expect(rep.data.score).toBe(score.data.score);
    expect(htmlStatuses(html)).toEqual(
      Object.fromEntries(score.data.controls.map((c) => [c.id, c.status])),
    );
  });

  it('pdf: a PDF whose text carries the same score and controls', async () => {
    const raw = await runBin(
      'audit',
      ['report', '--regulation', 'gdpr', '--format', 'pdf', '-o', out.dir, '--json'],
      {
        dataDir: store.dir,
      },
    );
    expect(raw.exitCode, String(raw.stderr)).toBe(0);
    const rep = { data: JSON.parse(String(raw.stdout)) as Report };
    expect(rep.data.output!.startsWith(out.dir)).toBe(true);
    const pdf = readFileSync(rep.data.output!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(2);
    const score = await runJson<Score>('audit', ['compliance', 'gdpr'], { dataDir: store.dir });
    expect(rep.data.score).toBe(score.data.score);
    // Without poppler (a fresh CI machine) only the structural checks above run.
    if (!hasPdftotext) return;
    const text = spawnSync('pdftotext', ['-enc', 'UTF-8', rep.data.output!, '-'], {
      encoding: 'utf8',
    }).stdout;
    expect(text).toContain('GDPR compliance report');
    expect(text).toContain(score.data.score.toFixed(1));
    const marks = { pass: '✓ pass', partial: '◐ partial', fail: '✗ fail' } as const;
    for (const k of ['pass', 'partial', 'fail'] as const) {
      expect(text).toContain(`${marks[k].split(' ')[0]} ${score.data.counts[k]} ${k}`);
    }
    for (const c of score.data.controls) expect(text).toContain(c.ref);
    expect(text).toContain(`page ${pages} of ${pages}`);
  });

  it('ledgers every report, and verify stays green', async () => {
    const v = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: store.dir });
    expect(v.code).toBe(0);
    expect(v.data.ok).toBe(true);
  });

  it.each([
    [['report'], 2, '--regulation is required'],
    [['report', '--regulation', 'sox'], 2, 'must be one of eu-ai-act, gdpr'],
    [
      ['report', '--regulation', 'gdpr', '--format', 'docx'],
      2,
      '--format: must be one of html, pdf',
    ],
    [['report', '--regulation', 'gdpr', '--agent', 'ghost'], 3, 'agent ghost not found'],
  ])('audit %j exits %i', async (args, code, message) => {
    const r = await runBin('audit', args, { dataDir: store.dir });
    expect(r.exitCode).toBe(code);
    expect(String(r.stderr)).toContain(message);
  });
});
