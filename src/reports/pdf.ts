/**
 * report.pdf with pdfkit (loaded only here, lazily). DejaVu Sans ships in templates/fonts,
 * so marks such as ✓ ◐ ✗ render and text stays extractable (pdfkit embeds a subset with a
 * ToUnicode map). Reproducible: the creation date is the report's generation time, so the
 * same model gives the same bytes. Footers are drawn with the bottom margin set to 0,
 * because pdfkit silently starts a new page for text below the margin.
 */
import { fileURLToPath } from 'node:url';
import type { ControlScore } from '../compliance/score/score.js';
import { countsText, periodText, scoreClass, STATUS_MARK } from './html.js';
import type { ReportModel } from './model.js';
import { drawChart } from './pdf-chart.js';
import {
  CHART_HEIGHT,
  contentWidth,
  drawFooters,
  ensureSpace,
  FOOTER_SPACE,
  heading,
  INK,
  keyValues,
  MARGIN,
  MUTED,
  STATUS_COLOUR,
  table,
  type Doc,
  type Segment,
} from './pdf-layout.js';

const font = (file: string): string =>
  fileURLToPath(new URL(`../../templates/fonts/${file}`, import.meta.url));

export async function renderReportPdf(model: ReportModel): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const created = new Date(model.score.generated_at);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    info: {
      Title: model.title,
      Subject: model.score.regulation_name,
      Author: model.generator,
      Creator: model.generator,
      Producer: model.generator,
      CreationDate: created,
      ModDate: created,
    },
  });
  doc.registerFont('Sans', font('DejaVuSans.ttf'));
  doc.registerFont('Sans-Bold', font('DejaVuSans-Bold.ttf'));
  doc.registerFont('Mono', font('DejaVuSansMono.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawHeader(doc, model);
  drawSummary(doc, model);
  heading(doc, 'Controls');
  drawControls(doc, model.score.controls);
  heading(
    doc,
    'Findings by severity over time',
    model.timeline.buckets.length ? CHART_HEIGHT + 30 : 20,
  );
  drawChart(doc, model);
  heading(doc, 'Ledger');
  drawLedger(doc, model);
  heading(doc, 'Agents covered');
  drawAgents(doc, model);
  drawFooters(
    doc,
    `${model.score.regulation}${model.score.agent ? ` ${model.score.agent}` : ''} · ${model.report_id} · generated ${model.score.generated_at}`,
  );
  doc.end();
  return done;
}

function drawHeader(doc: Doc, model: ReportModel): void {
  const s = model.score;
  doc.font('Sans-Bold').fontSize(22).fillColor(INK).text(model.title, MARGIN, MARGIN);
  doc.font('Sans').fontSize(11).fillColor(MUTED).text(s.regulation_name);
  doc.moveDown(0.8);
  keyValues(doc, [
    ['Scope', s.agent ? `agent ${s.agent}` : `all agents (${s.agents.length})`],
    ['Evidence period', periodText(s.period)],
    ['Generated', s.generated_at],
    ['Report id', model.report_id, true],
    ['Evidence store', model.ledger.origin, true],
  ]);
}

function drawSummary(doc: Doc, model: ReportModel): void {
  const s = model.score;
  heading(doc, 'Summary');
  const y = doc.y;
  const colour = STATUS_COLOUR[scoreClass(s.score)];
  const big = s.score.toFixed(1);
  doc.font('Sans-Bold').fontSize(40).fillColor(colour).text(big, MARGIN, y, { lineBreak: false });
  const bigWidth = doc.widthOfString(big);
  doc
    .font('Sans')
    .fontSize(14)
    .fillColor(MUTED)
    .text(' / 100', MARGIN + bigWidth, y + 24, { lineBreak: false });
  const tallyY = y + 18;
  let x = MARGIN + 220;
  for (const k of ['pass', 'partial', 'fail'] as const) {
    const label = `${STATUS_MARK[k]} ${s.counts[k]} ${k}`;
    doc
      .font('Sans-Bold')
      .fontSize(13)
      .fillColor(STATUS_COLOUR[k])
      .text(label, x, tallyY, { lineBreak: false });
    x += doc.widthOfString(label) + 22;
  }
  doc.y = y + 54;
  doc
    .font('Sans')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(
      `${s.controls.length} controls, weighted (pass = 1, partial = 0.5, fail = 0); human review window ${s.review_within_days} days. ` +
        `Re-check with: audit compliance ${s.regulation}${s.agent ? ` ${s.agent}` : ''} --json`,
      MARGIN,
      doc.y,
      { width: contentWidth(doc) },
    );
}

function drawControls(doc: Doc, controls: ControlScore[]): void {
  const w = contentWidth(doc);
  table(
    doc,
    [
      { header: 'Status', width: 72 },
      { header: 'Control', width: 150 },
      { header: 'Wt', width: 26, align: 'right' },
      { header: 'Evidence', width: w - 248 },
    ],
    controls.map((c) => {
      const ev = c.evidence;
      const evidence: Segment[] = [{ text: c.summary }];
      const counts = countsText(ev.counts);
      if (counts) evidence.push({ text: counts, size: 8, color: MUTED });
      if (ev.finding_ids.length > 0) {
        const more =
          ev.finding_count > ev.finding_ids.length
            ? ` and ${ev.finding_count - ev.finding_ids.length} more`
            : '';
        evidence.push({
          text: `findings: ${ev.finding_ids.join(', ')}${more}`,
          font: 'Mono',
          size: 7,
          color: MUTED,
        });
      }
      if (ev.agents.length > 0)
        evidence.push({ text: `agents: ${ev.agents.join(', ')}`, size: 8, color: MUTED });
      if (ev.ledger) {
        evidence.push({
          text: `ledger ${ev.ledger.ok ? 'verified' : 'BROKEN'}: size ${ev.ledger.tree_size}, root ${ev.ledger.root_hash ?? '-'}`,
          font: 'Mono',
          size: 7,
          color: MUTED,
        });
      }
      return {
        status: c.status,
        cells: [
          [{ text: `${STATUS_MARK[c.status]} ${c.status}` }],
          [
            { text: c.ref, font: 'Sans-Bold' as const },
            { text: c.title },
            { text: c.citation, size: 7.5, color: MUTED },
          ],
          [{ text: String(c.weight) }],
          evidence,
        ],
      };
    }),
  );
}

function drawLedger(doc: Doc, model: ReportModel): void {
  const l = model.ledger;
  doc
    .font('Sans-Bold')
    .fontSize(11)
    .fillColor(l.ok ? STATUS_COLOUR.pass : STATUS_COLOUR.fail);
  doc.text(l.ok ? '✓ Ledger intact' : '✗ Ledger BROKEN', MARGIN);
  doc.moveDown(0.3);
  keyValues(doc, [
    ['Verification', l.message],
    ['Entries checked', String(l.entries_checked)],
    ['Signed tree size', String(l.tree_size ?? '-')],
    ['Root hash', l.root_hash ?? '-', true],
    ['Key fingerprint', l.key_fingerprint ?? '-', true],
    ['Signed at', l.signed_at ?? '-'],
  ]);
  if (l.checkpoint) {
    doc.moveDown(0.5);
    doc
      .font('Sans')
      .fontSize(9)
      .fillColor(MUTED)
      .text('Signed checkpoint (C2SP signed note):', MARGIN);
    doc.font('Mono').fontSize(7.5);
    const h = doc.heightOfString(l.checkpoint, { width: contentWidth(doc) - 12 }) + 10;
    ensureSpace(doc, h);
    const y = doc.y + 2;
    doc.rect(MARGIN, y, contentWidth(doc), h).fill('#f3f5f8');
    doc.fillColor(INK).text(l.checkpoint, MARGIN + 6, y + 5, { width: contentWidth(doc) - 12 });
    doc.y = y + h;
  }
}

function drawAgents(doc: Doc, model: ReportModel): void {
  if (model.agents.length === 0) {
    doc.font('Sans').fontSize(10).fillColor(INK).text('No agent activity recorded.', MARGIN);
    return;
  }
  const w = contentWidth(doc);
  table(
    doc,
    [
      { header: 'Agent', width: w - 392 },
      { header: 'Traces', width: 52, align: 'right' },
      { header: 'Events', width: 52, align: 'right' },
      { header: 'Findings', width: 60, align: 'right' },
      { header: 'Open', width: 40, align: 'right' },
      { header: 'Period', width: 140 },
      { header: 'Score', width: 48, align: 'right' },
    ],
    model.agents.map((a) => ({
      cells: [
        [{ text: a.agent }],
        [{ text: String(a.traces) }],
        [{ text: String(a.events) }],
        [{ text: String(a.findings) }],
        [{ text: String(a.open_findings) }],
        [
          {
            text: a.first_event_at
              ? `${a.first_event_at.slice(0, 10)} to ${(a.last_event_at ?? a.first_event_at).slice(0, 10)}`
              : '-',
            size: 8.5,
          },
        ],
        [{ text: a.score.toFixed(1), font: 'Sans-Bold' as const }],
      ],
    })),
  );
}
