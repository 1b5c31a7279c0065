/**
 * Layout primitives for the pdf report on top of pdfkit: page geometry, headings kept with
 * their content, key/value rows, tables whose rows never split across pages, and footers
 * drawn with the bottom margin set to 0 (text below the margin makes pdfkit add a page).
 */
import type { ControlStatus } from '../compliance/score/outcome.js';

export const MARGIN = 48;
export const FOOTER_SPACE = 28;
export const CHART_HEIGHT = 200;
export const INK = '#1d2433';
export const MUTED = '#5d6778';
export const LINE = '#d9dee7';
export const STATUS_COLOUR = { pass: '#1e7b45', partial: '#a86a00', fail: '#b42318' } as const;

export type Doc = PDFKit.PDFDocument;

export interface Segment {
  text: string;
  font?: 'Sans' | 'Sans-Bold' | 'Mono';
  size?: number;
  color?: string;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

export const contentWidth = (doc: Doc): number => doc.page.width - MARGIN * 2;
export const bottomLimit = (doc: Doc): number => doc.page.height - doc.page.margins.bottom;

export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

/** A section heading, kept on the same page as at least `following` points of content. */
export function heading(doc: Doc, text: string, following = 60): void {
  ensureSpace(doc, following + 40);
  doc.moveDown(1.2);
  doc.font('Sans-Bold').fontSize(14).fillColor(INK).text(text, MARGIN);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + contentWidth(doc), y)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();
  doc.y = y + 8;
}

export function keyValues(doc: Doc, rows: Array<[string, string, boolean?]>, keyWidth = 120): void {
  for (const [key, value, mono] of rows) {
    const valueWidth = contentWidth(doc) - keyWidth;
    doc.font(mono ? 'Mono' : 'Sans').fontSize(mono ? 8.5 : 10);
    const h = Math.max(14, doc.heightOfString(value, { width: valueWidth }) + 4);
    ensureSpace(doc, h);
    const y = doc.y;
    doc
      .font('Sans-Bold')
      .fontSize(10)
      .fillColor(MUTED)
      .text(key, MARGIN, y, { width: keyWidth - 8 });
    doc
      .font(mono ? 'Mono' : 'Sans')
      .fontSize(mono ? 8.5 : 10)
      .fillColor(INK)
      .text(value, MARGIN + keyWidth, y, { width: valueWidth });
    doc.y = y + h;
  }
}

/** A table whose cells are stacks of text segments; rows never split across pages. */
export function table(
  doc: Doc,
  columns: Column[],
  rows: Array<{ cells: Segment[][]; status?: ControlStatus }>,
): void {
  const pad = 4;
  const drawHead = (): void => {
    const y = doc.y;
    doc.rect(MARGIN, y, contentWidth(doc), 18).fill('#f3f5f8');
    let x = MARGIN;
    for (const c of columns) {
      doc.font('Sans-Bold').fontSize(8.5).fillColor(MUTED);
      doc.text(c.header.toUpperCase(), x + pad, y + 5, {
        width: c.width - 2 * pad,
        align: c.align ?? 'left',
        lineBreak: false,
      });
      x += c.width;
    }
    doc.y = y + 18;
  };
  const segmentHeight = (seg: Segment, width: number): number => {
    doc.font(seg.font ?? 'Sans').fontSize(seg.size ?? 9);
    return doc.heightOfString(seg.text, { width });
  };
  ensureSpace(doc, 50);
  drawHead();
  for (const row of rows) {
    const heights = row.cells.map((cell, i) =>
      cell.reduce((h, seg) => h + segmentHeight(seg, columns[i]!.width - 2 * pad) + 1, 0),
    );
    const h = Math.max(...heights) + 2 * pad;
    if (doc.y + h > bottomLimit(doc)) {
      doc.addPage();
      drawHead();
    }
    const y = doc.y;
    let x = MARGIN;
    row.cells.forEach((cell, i) => {
      const col = columns[i]!;
      let cy = y + pad;
      if (i === 0 && row.status) {
        const label = cell[0]?.text ?? '';
        doc.font('Sans-Bold').fontSize(8.5);
        const w = Math.min(col.width - 2 * pad, doc.widthOfString(label) + 12);
        doc.roundedRect(x + pad, cy - 1, w, 14, 7).fill(STATUS_COLOUR[row.status]);
        doc.fillColor('#ffffff').text(label, x + pad + 6, cy + 2, { lineBreak: false });
      } else {
        for (const seg of cell) {
          doc
            .font(seg.font ?? 'Sans')
            .fontSize(seg.size ?? 9)
            .fillColor(seg.color ?? INK);
          doc.text(seg.text, x + pad, cy, {
            width: col.width - 2 * pad,
            align: col.align ?? 'left',
          });
          cy = doc.y + 1;
        }
      }
      x += col.width;
    });
    doc
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + contentWidth(doc), y + h)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.y = y + h;
  }
  doc.x = MARGIN;
}

/** A footer line and "page n of N" on every buffered page. */
export function drawFooters(doc: Doc, footer: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 8;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(doc.page.width - MARGIN, y - 6)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.font('Sans').fontSize(7.5).fillColor(MUTED);
    doc.text(fitLine(doc, footer, contentWidth(doc) - 90), MARGIN, y, { lineBreak: false });
    doc.text(`page ${i - range.start + 1} of ${range.count}`, doc.page.width - MARGIN - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = saved;
  }
}

/** `text` cut (with an ellipsis) to fit `width` in the current font: one line, never two. */
export function fitLine(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
