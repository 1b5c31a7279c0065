import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendSessions } from '../../src/ingest/append.js';
import { checkXml } from '../support/report-xml.js';
import { SAFETY_ADMIN_KEY, startSafetyServer, type SafetyServer } from '../support/safety.js';

/** Compliance: frameworks, assessments (ledgered), documents read back by independent readers (pdftotext, unzip, a strict XML/HTML checker). */
let s: SafetyServer;
let work: string;
beforeAll(async () => {
  s = await startSafetyServer();
  work = mkdtempSync(join(tmpdir(), 'evid-docs-'));
  appendSessions(
    s.ctx.store,
    [
      {
        session_id: 'hr-1',
        agent: 'hr-screener',
        events: [
          {
            type: 'llm_call',
            timestamp: new Date().toISOString(),
            prompt: 'Rank this CV',
            completion: 'Candidate maria.keller@northwind-traders.io ranks 3rd.',
          },
        ],
      },
    ],
    { source: 'rest' },
  );
});
afterAll(async () => {
  await s.close();
  rmSync(work, { recursive: true, force: true });
});

const post = (path: string, body: unknown) =>
  s.call('POST', path, { bearer: SAFETY_ADMIN_KEY, body });

describe('GET /v1/compliance/frameworks', () => {
  it('lists the frameworks with controls, filtered by region and domain', async () => {
    const all = await s.call('GET', '/v1/compliance/frameworks', { bearer: SAFETY_ADMIN_KEY });
    expect(all.status).toBe(200);
    const ids = all.body.frameworks.map((f: { id: string }) => f.id);
    expect(ids).toEqual(['eu-ai-act', 'gdpr', 'nist-ai-rmf', 'iso-42001']);
    expect(all.body.frameworks[0].controls.length).toBeGreaterThan(0);
    const us = await s.call('GET', '/v1/compliance/frameworks?region=US', {
      bearer: SAFETY_ADMIN_KEY,
    });
    expect(us.body.frameworks.map((f: { id: string }) => f.id)).toEqual([
      'nist-ai-rmf',
      'iso-42001',
    ]);
    const sports = await s.call('GET', '/v1/compliance/frameworks?region=eu&domain=sports', {
      bearer: SAFETY_ADMIN_KEY,
    });
    expect(sports.body.frameworks.map((f: { id: string }) => f.id)).toEqual(['gdpr', 'iso-42001']);
  });
});

describe('POST /v1/compliance/assessment', () => {
  let assessmentId: string;
  it('scores the evidence, classifies risk, lists gaps, and is ledgered', async () => {
    const res = await post('/v1/compliance/assessment', {
      system_id: 'hr-screener',
      frameworks: ['eu-ai-act', 'gdpr'],
      system_metadata: {
        domain: 'employment',
        capabilities: ['automated_decisions'],
        data_types: ['cv'],
      },
    });
    expect(res.status).toBe(201);
    assessmentId = res.body.assessment_id;
    expect(assessmentId).toMatch(/^as_/);
    expect(res.body.risk.risk_class).toBe('high');
    expect(res.body.frameworks.map((f: { framework: string }) => f.framework)).toEqual([
      'eu-ai-act',
      'gdpr',
    ]);
    expect(res.body.overall_score).toBeGreaterThanOrEqual(0);
    // No description for a high-risk system: Annex IV gap.
    expect(res.body.gaps.some((g: { ref: string }) => g.ref === 'Annex IV(1)')).toBe(true);
    expect(res.body.recommendations.length).toBeGreaterThan(0);
    const entry = s.ctx.store.read((r) =>
      r
        .prepare("SELECT actor FROM ledger WHERE kind = 'assessment.created' AND subject_id = ?")
        .get(assessmentId),
    ) as { actor: string } | undefined;
    expect(entry?.actor).toBe('api:env:EVID_API_KEY');
  });

  it('classifies a chatbot as limited risk and a social-scoring system as prohibited', async () => {
    const chat = await post('/v1/compliance/assessment', {
      system_id: 'hr-screener',
      frameworks: ['eu-ai-act'],
      system_metadata: { domain: 'retail', capabilities: ['chatbot'] },
    });
    expect(chat.body.risk.risk_class).toBe('limited');
    const banned = await post('/v1/compliance/assessment', {
      system_id: 'hr-screener',
      frameworks: ['eu-ai-act'],
      system_metadata: { capabilities: ['social scoring'] },
    });
    expect(banned.body.risk.risk_class).toBe('prohibited');
    expect(banned.body.recommendations[0]).toMatch(/prohibited/);
  });

  it('refuses an unknown framework (400) and a system without evidence (404)', async () => {
    const bad = await post('/v1/compliance/assessment', {
      system_id: 'hr-screener',
      frameworks: ['sox'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatch(/frameworks\[0\]: unknown framework "sox".*eu-ai-act/);
    const none = await post('/v1/compliance/assessment', {
      system_id: 'ghost',
      frameworks: ['gdpr'],
    });
    expect(none.status).toBe(404);
    expect(none.body.error.details).toMatch(/no evidence recorded for ghost/);
  });

  describe('POST /v1/compliance/documentation', () => {
    it('pdf: Annex IV technical documentation, read back with pdftotext', async () => {
      const res = await fetch(`${s.url}/v1/compliance/documentation`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SAFETY_ADMIN_KEY}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          assessment_id: assessmentId,
          document_type: 'technical_documentation',
          format: 'pdf',
        }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const file = join(work, 'tech.pdf');
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      // Lines wrap where the page ends them: compare with whitespace collapsed.
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(
        /\s+/g,
        ' ',
      );
      // (pdftotext joins a word hyphenated at a line end: the title's system id is not compared)
      expect(text).toContain('Technical documentation (EU AI Act Annex IV)');
      expect(text).toContain('System: hr-screener.');
      expect(text).toContain('General description of the AI system');
      expect(text).toContain('Risk class: high');
      expect(text).toContain('Human oversight (Art. 14)');
    });

    it('docx: risk assessment, read back by unzipping word/document.xml', async () => {
      const res = await fetch(`${s.url}/v1/compliance/documentation`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SAFETY_ADMIN_KEY}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          assessment_id: assessmentId,
          document_type: 'risk_assessment',
          format: 'docx',
        }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/risk_assessment\.docx/);
      const file = join(work, 'risk.docx');
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const xml = execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' });
      const words = xml.replace(/<[^>]+>/g, '');
      expect(words).toContain('Risk assessment: hr-screener');
      expect(words).toContain('Risk class under the EU AI Act: high.');
      expect(words).toContain('Annex IV(1)');
    });

    it('html: assessment summary, read back with an HTML parser', async () => {
      const res = await post('/v1/compliance/documentation', {
        assessment_id: assessmentId,
        document_type: 'assessment_summary',
        format: 'html',
      });
      expect(res.status).toBe(200);
      const html = res.body as string;
      const check = checkXml(html);
      expect(check.errors).toEqual([]);
      expect(check.elements.filter((e) => e === 'h1')).toHaveLength(1);
      expect(check.text).toContain('Compliance assessment summary: hr-screener');
      expect(check.text).toMatch(/EU AI Act .*GDPR/);
      expect(check.text).toContain('Recommendations');
    });

    it('refuses an unknown document type or format (400) and an unknown assessment (404)', async () => {
      const type = await post('/v1/compliance/documentation', {
        assessment_id: assessmentId,
        document_type: 'memo',
      });
      expect(type.status).toBe(400);
      expect(type.body.error.details).toMatch(/document_type: unknown type "memo"/);
      const format = await post('/v1/compliance/documentation', {
        assessment_id: assessmentId,
        document_type: 'risk_assessment',
        format: 'odt',
      });
      expect(format.status).toBe(400);
      expect(format.body.error.details).toMatch(/format/);
      const missing = await post('/v1/compliance/documentation', {
        assessment_id: 'as_nope',
        document_type: 'risk_assessment',
      });
      expect(missing.status).toBe(404);
    });
  });
});
