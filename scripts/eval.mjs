#!/usr/bin/env node
// Precision and recall of the detectors over the labelled corpus (test/fixtures/detect).
// Run through `npm run eval`, which builds dist/ first. Exits 1 when a quality goal is missed.
import { fileURLToPath } from 'node:url';
import { evaluateCorpus } from '../dist/detect/eval.js';

const corpus = fileURLToPath(new URL('../test/fixtures/detect/', import.meta.url));
const report = evaluateCorpus(corpus);

const GOALS = {
  structured_pii: { precision: 0.97, recall: 0.95 },
  secret: { precision: 0.97, recall: 0.95 },
  prompt_injection: { precision: 0.9, recall: 0.85 },
  jailbreak: { precision: 0.9, recall: 0.85 },
};

const pct = (x) => x.toFixed(3);
const row = (name, c, extra = '') =>
  `${name.padEnd(44)} ${String(c.tp).padStart(5)} ${String(c.fp).padStart(5)} ${String(c.fn).padStart(5)}  ${pct(c.precision)}  ${pct(c.recall)}${extra}`;
const header = `${''.padEnd(44)} ${'tp'.padStart(5)} ${'fp'.padStart(5)} ${'fn'.padStart(5)}  prec.  recall`;

const out = [`${report.samples} samples from ${corpus}`, '', 'per category', header];
for (const [name, c] of Object.entries(report.categories)) out.push(row(name, c));
out.push('', 'quality goals', header);
let failed = false;
for (const [name, goal] of Object.entries(GOALS)) {
  const c = report.groups[name];
  const ok = c.precision >= goal.precision && c.recall >= goal.recall;
  failed ||= !ok;
  out.push(row(name, c, `  goal p>=${goal.precision} r>=${goal.recall}  ${ok ? 'ok' : 'MISSED'}`));
}
if (process.argv.includes('--types')) {
  out.push('', 'per finding type', header);
  for (const [name, c] of Object.entries(report.types)) out.push(row(name, c));
}
if (process.argv.includes('--errors')) {
  out.push('', 'samples with errors');
  for (const e of report.errors) {
    out.push(`  ${e.id}: missed [${e.missed.join(', ')}] unexpected [${e.unexpected.join(', ')}]`);
  }
}
console.log(out.join('\n'));
if (failed) process.exitCode = 1;
