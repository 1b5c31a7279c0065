#!/usr/bin/env node
// Issue 18's secret sets scored per sample twice: by secretlint's recommended preset alone
// (every rule of it, run as secretlint runs them; the maintained rule set the project builds
// on) and by the project's detector. A sample counts as flagged when anything reports on it.
// It says how far a maintained scanner gets on another scanner's test suite, the kind of
// text the blind rounds are made of. Run after `npm run build`:
//   node scripts/eval-secret-baseline.mjs [--preset-only] [file.jsonl ...]   (default: rounds 8-20)
// `--preset-only` prints secretlint's rows alone, so a held-out half can get its preset figure
// before the detector is scored on it (the detector is scored once, at the round's end).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDetector } from '../dist/detect/engine.js';
import { loadSamples } from '../dist/detect/eval.js';

const corpus = fileURLToPath(new URL('../test/fixtures/detect/', import.meta.url));
const presetOnly = process.argv.includes('--preset-only');
const args = process.argv.slice(2).filter((a) => a !== '--preset-only');
const files = args.length
  ? args
  : [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].flatMap((n) => [
      join(corpus, `external${n}-dev.jsonl`),
      join(corpus, 'heldout', `external${n}-heldout.jsonl`),
    ]);

const { rules } = createRequire(import.meta.url)('@secretlint/secretlint-rule-preset-recommend');
const runners = rules.map((rule) => {
  let reports = 0;
  const handlers = rule.create({ createTranslator: () => (id) => id, report: () => reports++ }, {});
  return (content) => {
    reports = 0;
    handlers.file?.({ content, filePath: 'event.txt', contentType: 'text' });
    return reports > 0;
  };
});
const secretlintFlags = (text) => runners.some((run) => run(text));
const detector = createDetector();
const detectorFlags = (text, field) =>
  detector.scanEvent([{ field, text }]).some((d) => d.category === 'secret');

const score = (samples, flags) => {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const s of samples) {
    const positive = s.labels.some((l) => l.startsWith('secret.'));
    const flagged = flags(s.text, s.field ?? 'prompt');
    if (positive && flagged) tp++;
    else if (flagged) fp++;
    else if (positive) fn++;
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  return `${String(tp).padStart(4)} ${String(fp).padStart(4)} ${String(fn).padStart(4)}  ${precision.toFixed(3)}  ${recall.toFixed(3)}`;
};

console.log(`${'set'.padEnd(28)} ${'scanner'.padEnd(22)}   tp   fp   fn  prec.  recall`);
for (const file of files) {
  const samples = loadSamples(file).filter((s) => (s.categories ?? ['secret']).includes('secret'));
  const name = file.split('/').pop();
  console.log(
    `${name.padEnd(28)} ${'secretlint preset'.padEnd(22)} ${score(samples, secretlintFlags)}`,
  );
  if (presetOnly) continue;
  console.log(`${''.padEnd(28)} ${'evid detector'.padEnd(22)} ${score(samples, detectorFlags)}`);
}
