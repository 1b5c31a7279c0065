import { fileURLToPath } from 'node:url';
import type { DocModel, DocumentFormat } from './model.js';

/** The three formats of one DocModel. pdfkit and docx load lazily, only when asked for. */
export const CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  html: 'text/html; charset=utf-8',
};

export async function renderDocument(model: DocModel, format: DocumentFormat): Promise<Buffer> {
  if (format === 'html') return Buffer.from(renderHtml(model));
  if (format === 'pdf') return renderPdf(model);
  return renderDocx(model);
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderHtml(m: DocModel): string {
  const parts = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8" />',
    `<title>${esc(m.title)}</title>`,
    '<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;color:#222}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem;text-align:left;vertical-align:top}</style>',
    '</head><body>',
    `<h1>${esc(m.title)}</h1>`,
    `<p class="subtitle">${esc(m.subtitle)}</p>`,
  ];
  for (const s of m.sections) {
    parts.push(`<section><h2>${esc(s.heading)}</h2>`);
    for (const p of s.paragraphs) parts.push(`<p>${esc(p)}</p>`);
    if (s.table) {
      parts.push('<table><thead><tr>');
      for (const h of s.table.head) parts.push(`<th>${esc(h)}</th>`);
      parts.push('</tr></thead><tbody>');
      for (const row of s.table.rows) {
        parts.push(`<tr>${row.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`);
      }
      parts.push('</tbody></table>');
    }
    parts.push('</section>');
  }
  parts.push('</body></html>');
  return parts.join('\n');
}

const font = (file: string): string =>
  fileURLToPath(new URL(`../../../templates/fonts/${file}`, import.meta.url));

async function renderPdf(m: DocModel): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: m.title, Creator: 'evid' },
  });
  doc.registerFont('Sans', font('DejaVuSans.ttf'));
  doc.registerFont('Sans-Bold', font('DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.font('Sans-Bold').fontSize(16).text(m.title);
  doc.font('Sans').fontSize(9).fillColor('#555').text(m.subtitle).fillColor('#000');
  for (const s of m.sections) {
    doc.moveDown().font('Sans-Bold').fontSize(12).text(s.heading);
    doc.font('Sans').fontSize(10);
    for (const p of s.paragraphs) doc.text(p).moveDown(0.3);
    if (s.table) {
      // Rows as lines: pdftotext and screen readers read them in order.
      doc.font('Sans-Bold').fontSize(9).text(s.table.head.join(' | '));
      doc.font('Sans').fontSize(9);
      for (const row of s.table.rows) doc.text(row.join(' | ')).moveDown(0.2);
    }
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

async function renderDocx(m: DocModel): Promise<Buffer> {
  const {
    Document,
    HeadingLevel,
    Packer,
    Paragraph,
    Table,
    TableCell,
    TableRow,
    TextRun,
    WidthType,
  } = await import('docx');
  const cell = (text: string, bold = false) =>
    new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
  const children: Array<InstanceType<typeof Paragraph> | InstanceType<typeof Table>> = [
    new Paragraph({ text: m.title, heading: HeadingLevel.TITLE }),
    new Paragraph({ children: [new TextRun({ text: m.subtitle, italics: true })] }),
  ];
  for (const s of m.sections) {
    children.push(new Paragraph({ text: s.heading, heading: HeadingLevel.HEADING_1 }));
    for (const p of s.paragraphs) children.push(new Paragraph({ text: p }));
    if (s.table && s.table.rows.length > 0) {
      children.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [
            new TableRow({ tableHeader: true, children: s.table.head.map((h) => cell(h, true)) }),
            ...s.table.rows.map((r) => new TableRow({ children: r.map((c) => cell(c)) })),
          ],
        }),
      );
    }
  }
  const doc = new Document({
    creator: 'evid',
    title: m.title,
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
