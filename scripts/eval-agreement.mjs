#!/usr/bin/env node
// Label agreement on the held-out secret rounds (src/detect/README.md, "How far the labels
// agree"). Two independent readers labelled each held-out text by the written convention
// (test/fixtures/detect/readers/CONVENTION.md) without seeing the rounds' labels, the sources
// or the detector's output. Scoring a reader against the labels by the eval's own rule (per
// label, then per sample) says how reproducible the labels are: a goal above what a careful
// reader reaches measures the labels' convention, not the detector. The detector's row is
// scored the same way, on the same texts.
//   node scripts/eval-agreement.mjs [round ...]   (default: every round with reader files)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateSamples, loadSamples, scoreSamples } from '../dist/detect/eval.js';

const fixtures = fileURLToPath(new URL('../test/fixtures/detect/', import.meta.url));
const readersDir = join(fixtures, 'readers');
const readers = readdirSync(readersDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

const heldFile = (round) => `external${round}-heldout.jsonl`;
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const rounds = named.length
  ? named
  : [
      ...new Set(
        readers.flatMap((r) =>
          readdirSync(join(readersDir, r)).flatMap(
            (f) => f.match(/^external(\d+)-heldout/)?.[1] ?? [],
          ),
        ),
      ),
    ].sort((a, b) => a - b);

/** A reader's labels for a round, by sample id (undefined when the reader has no file). */
function readerLabels(reader, round) {
  const file = join(readersDir, reader, heldFile(round));
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return new Map(lines.map((l) => JSON.parse(l)).map((s) => [s.id, s.labels]));
}

const secretsOnly = (types) => types.filter((t) => t.startsWith('secret.'));
const pct = (x) => x.toFixed(3);
const row = (name, report) => {
  const c = report.groups.secret;
  const f = report.flagged.secret;
  return `${name.padEnd(30)} ${String(c.tp).padStart(4)} ${String(c.fp).padStart(4)} ${String(c.fn).padStart(4)}  ${pct(c.precision)}  ${pct(c.recall)}    ${pct(f.precision)}  ${pct(f.recall)}`;
};
const header = `${''.padEnd(30)} ${'tp'.padStart(4)} ${'fp'.padStart(4)} ${'fn'.padStart(4)}  prec.  recall    per sample`;

const pooled = new Map(); // row name -> [samples, predict] over every round, for the total
const addPooled = (name, samples, predict) => {
  const [s, p] = pooled.get(name) ?? [[], new Map()];
  for (const x of samples) p.set(x.id, predict(x));
  pooled.set(name, [[...s, ...samples], p]);
};

/** The types the detector raised for a sample, read back from the report's errors. */
function detectorFound(report, sample) {
  const error = report.errors.find((e) => e.id === sample.id);
  const missed = new Set(error?.missed ?? []);
  return [...sample.labels.filter((t) => !missed.has(t)), ...(error?.unexpected ?? [])];
}

const out = [];
for (const round of rounds) {
  const samples = loadSamples(join(fixtures, 'heldout', heldFile(round)));
  const labelled = samples.reduce((n, s) => n + secretsOnly(s.labels).length, 0);
  out.push(`round ${round} held-out: ${samples.length} texts, ${labelled} secret labels`, header);
  const detector = evaluateSamples(samples);
  out.push(row('detector vs labels', detector));
  const byReader = new Map();
  for (const reader of readers) {
    const labels = readerLabels(reader, round);
    if (!labels) continue;
    const missing = samples.filter((s) => !labels.has(s.id)).map((s) => s.id);
    if (missing.length)
      throw new Error(`reader ${reader}, round ${round}: no labels for ${missing.join(', ')}`);
    byReader.set(reader, labels);
    const predict = (s) => secretsOnly(labels.get(s.id));
    out.push(row(`reader ${reader} vs labels`, scoreSamples(samples, predict)));
    addPooled(`reader ${reader} vs labels`, samples, predict);
  }
  addPooled('detector vs labels', samples, (s) => detectorFound(detector, s));
  const [a, b] = [...byReader.keys()];
  if (a && b) {
    // One reader scored against the other: how far two careful readers agree with each other.
    const asTruth = samples.map((s) => ({ ...s, labels: secretsOnly(byReader.get(a).get(s.id)) }));
    out.push(
      row(
        `reader ${b} vs reader ${a}`,
        scoreSamples(asTruth, (s) => secretsOnly(byReader.get(b).get(s.id))),
      ),
    );
    // Where the two readers give the same set: how often the round's labels differ from it.
    const same = (s) => {
      const x = new Set(secretsOnly(byReader.get(a).get(s.id)));
      const y = secretsOnly(byReader.get(b).get(s.id));
      return x.size === y.length && y.every((t) => x.has(t));
    };
    const agreed = samples.filter(same);
    const differ = agreed.filter((s) => {
      const x = new Set(secretsOnly(s.labels));
      const y = secretsOnly(byReader.get(a).get(s.id));
      return !(x.size === y.length && y.every((t) => x.has(t)));
    });
    out.push(
      `the readers agree on ${agreed.length} of ${samples.length} texts; the labels differ from both on ${differ.length} of them`,
    );
    if (process.argv.includes('--disputed')) out.push(`  ${differ.map((s) => s.id).join(' ')}`);
  }
  out.push('');
}
if (rounds.length > 1) {
  out.push(`rounds ${rounds.join(', ')} pooled`, header);
  for (const [name, [samples, predict]] of pooled) {
    out.push(
      row(
        name,
        scoreSamples(samples, (s) => predict.get(s.id)),
      ),
    );
  }
}
console.log(out.join('\n'));
