/**
 * report.pdf: a plain pdfkit summary (period, counts, traces, findings by severity, tree
 * head). Reproducible: a fixed creation date (the pack's) and no other clock. Footers are
 * drawn with the bottom margin set to 0, since pdfkit silently adds a page for text below
 * the margin. Only the standard fonts are used, so text outside Latin-1 is shown as '?'
 * (records.ndjson keeps the exact text). pdfkit loads only here.
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { ControlMapping } from './controls.js';
import type { PackSummary } from './summary.js';

export interface PdfReportInput {
  pack_id: string;
  created_at: string;
  origin: string;
  generator: string;
  summary: PackSummary;
  controls: ControlMapping[] | null;
}

const MARGIN = 50;

/** The standard PDF fonts draw WinAnsi (about Latin-1); anything else becomes '?'. */
export function latin1(value: unknown): string {
  const text = value === null || value === undefined ? '-' : String(value);
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

export async function writePackPdf(path: string, input: PdfReportInput): Promise<void> {
  const { default: PDFDocument } = await import('pdfkit');
  const created = new Date(input.created_at);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Evidence pack ${input.pack_id}`,
      Creator: input.generator,
      Producer: input.generator,
      CreationDate: created,
      ModDate: created,
    },
  });
  const out = createWriteStream(path, { mode: 0o600 });
  doc.pipe(out);
  const s = input.summary;
  const width = doc.page.width - 2 * MARGIN;

  const heading = (text: string): void => {
    ensureSpace(doc, 40);
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(latin1(text), MARGIN);
    doc.moveDown(0.3).font('Helvetica').fontSize(10);
  };
  const field = (name: string, value: unknown, mono = false): void => {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${name}: `, MARGIN, undefined, { continued: true });
    doc.font(mono ? 'Courier' : 'Helvetica').text(latin1(value));
  };

  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(latin1(`Evidence pack ${input.pack_id}`));
  doc.font('Helvetica').fontSize(10).fillColor('#555555');
  doc.text(latin1(`Built ${input.created_at} from store ${input.origin}`)).fillColor('black');

  heading('Period');
  field('Since', s.period.since ?? 'the beginning');
  field('Until', s.period.until ?? 'the build time');
  field('Session', s.period.session ?? 'all sessions');
  if (s.empty) {
    doc.moveDown(0.5).font('Helvetica-Bold').fillColor('#9a6700');
    doc.text('No evidence in this period. This pack proves only the ledger state at build time.');
    doc.fillColor('black').font('Helvetica');
  }

  heading('Counts');
  table(
    doc,
    width,
    ['Traces', 'Events', 'Purged events', 'Findings', 'Status changes'],
    [
      [
        s.counts.traces,
        s.counts.events,
        s.counts.purged_events,
        s.counts.findings,
        s.counts.finding_updates,
      ],
    ],
  );

  heading('Findings by severity');
  table(doc, width, ['Severity', 'Findings'], Object.entries(s.findings_by_severity).reverse());
  table(doc, width, ['Status', 'Findings'], Object.entries(s.findings_by_status));

  heading('Traces');
  if (s.traces.length === 0) doc.text('No traces in this period.');
  else {
    table(
      doc,
      width,
      ['Trace', 'Session', 'Agent', 'Events', 'First event', 'Status'],
      s.traces.map((t) => [
        t.trace_id,
        t.session_id,
        t.agent,
        t.event_count,
        t.first_event_at,
        t.status,
      ]),
      [0.25, 0.2, 0.15, 0.08, 0.2, 0.12],
    );
    if (s.counts.traces > s.traces_listed) {
      doc.text(
        `The first ${s.traces_listed} of ${s.counts.traces} traces; records.ndjson holds them all.`,
        MARGIN,
      );
    }
  }

  if (input.controls) {
    heading('Control mappings');
    if (input.controls.length === 0) doc.text('No findings in this period map to a control.');
    else {
      table(
        doc,
        width,
        ['Control', 'Reference', 'Title', 'Findings'],
        input.controls.map((c) => [c.control_id, c.ref, c.title, c.finding_count]),
        [0.3, 0.15, 0.45, 0.1],
      );
    }
  }

  heading('Ledger tree head');
  field('Tree size', s.tree_head.tree_size);
  field('Root hash', s.tree_head.root_hash, true);
  field('Signed at', s.tree_head.signed_at ?? 'never (the ledger was empty)');
  field('Key fingerprint', s.tree_head.key_fingerprint, true);
  doc.moveDown(0.5).fontSize(9).fillColor('#555555');
  doc.text(
    'Every record in records.ndjson is proven against this tree head by one batch inclusion proof. ' +
      'Verify with `audit evidence verify pack.zip --fingerprint <fingerprint>` or `node verify.mjs`, ' +
      'pinning a fingerprint published by the store operator, not the one printed here.',
    MARGIN,
  );
  doc.fillColor('black');

  footers(doc, input.pack_id);
  doc.end();
  await finished(out);
}

function ensureSpace(doc: PDFKit.PDFDocument, needed: number): void {
  if (doc.y + needed > doc.page.height - MARGIN) doc.addPage();
}

/** A simple grid: header row in bold, cells clipped to their column, new page as needed. */
function table(
  doc: PDFKit.PDFDocument,
  width: number,
  head: string[],
  rows: unknown[][],
  fractions: number[] = head.map(() => 1 / head.length),
): void {
  const widths = fractions.map((f) => f * width);
  const rowHeight = 14;
  const drawRow = (cells: unknown[], bold: boolean): void => {
    ensureSpace(doc, rowHeight);
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    cells.forEach((cell, i) => {
      doc.text(clip(doc, latin1(cell), widths[i]! - 4), x, y, { lineBreak: false });
      x += widths[i]!;
    });
    doc.x = MARGIN;
    doc.y = y + rowHeight;
  };
  drawRow(head, true);
  for (const r of rows) drawRow(r, false);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
}

function clip(doc: PDFKit.PDFDocument, text: string, max: number): string {
  if (doc.widthOfString(text) <= max) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}...`) <= max) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}...`;
}

function footers(doc: PDFKit.PDFDocument, packId: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(
        latin1(`Evidence pack ${packId} - page ${i + 1} of ${range.count}`),
        MARGIN,
        doc.page.height - MARGIN / 2 - 8,
        { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('black');
}
