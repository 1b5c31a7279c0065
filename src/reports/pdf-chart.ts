/** The findings-by-severity chart in the pdf: the html's geometry (layoutChart), as vector paths. */
import { SEVERITY_COLOUR } from './html.js';
import type { ReportModel } from './model.js';
import {
  CHART_HEIGHT,
  contentWidth,
  ensureSpace,
  INK,
  MARGIN,
  MUTED,
  type Doc,
} from './pdf-layout.js';
import { layoutChart, SEVERITIES } from './timeline.js';

export function drawChart(doc: Doc, model: ReportModel): void {
  const t = model.timeline;
  if (t.buckets.length === 0) {
    doc
      .font('Sans')
      .fontSize(10)
      .fillColor(INK)
      .text('No findings recorded in this period.', MARGIN);
  } else {
    const c = layoutChart(t, contentWidth(doc), CHART_HEIGHT);
    ensureSpace(doc, c.height + 30);
    const x0 = MARGIN;
    const y0 = doc.y;
    const bottom = y0 + c.plot.y + c.plot.height;
    doc.lineWidth(0.5);
    for (const tick of c.yTicks) {
      doc
        .moveTo(x0 + c.plot.x, y0 + tick.y)
        .lineTo(x0 + c.plot.x + c.plot.width, y0 + tick.y)
        .strokeColor('#e3e7ee')
        .stroke();
      doc
        .font('Sans')
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(String(tick.value), x0, y0 + tick.y - 4, {
          width: c.plot.x - 6,
          align: 'right',
          lineBreak: false,
        });
    }
    for (const b of c.bars) {
      for (const seg of b.segments)
        doc.rect(x0 + b.x, y0 + seg.y, b.width, seg.height).fill(SEVERITY_COLOUR[seg.severity]!);
    }
    doc
      .moveTo(x0 + c.plot.x, bottom)
      .lineTo(x0 + c.plot.x + c.plot.width, bottom)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
    for (const l of c.xLabels) {
      doc
        .font('Sans')
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(l.text, x0 + l.x - 30, bottom + 4, { width: 60, align: 'center', lineBreak: false });
    }
    SEVERITIES.forEach((s, i) => {
      const lx = x0 + c.plot.x + i * 90;
      const ly = y0 + c.height - 12;
      doc.rect(lx, ly, 9, 9).fill(SEVERITY_COLOUR[s]!);
      doc
        .font('Sans')
        .fontSize(8.5)
        .fillColor(INK)
        .text(s, lx + 13, ly, { lineBreak: false });
    });
    doc.y = y0 + c.height + 4;
    doc
      .font('Sans')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Findings per ${t.unit} (by the time of the evidence), stacked by severity.`, MARGIN);
  }
  doc.moveDown(0.5);
  const totals = SEVERITIES.map((s) => `${s} ${model.severity_totals[s]}`).join('   ');
  doc.font('Sans').fontSize(9.5).fillColor(INK).text(`Totals: ${totals}`, MARGIN);
}
