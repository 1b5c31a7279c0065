#!/usr/bin/env node
// Would a learned scorer reach issue 18's secrets goal where the rules do not?
// (src/detect/README.md, "A learned scorer, measured".) For each held-out round k whose
// blind findings are kept (test/fixtures/detect/blind-findings/, rounds 11 on) it trains
// scripts/learned-secrets.mjs on every labelled text of the rounds before k (and the
// hand-written corpus), never on round k or later, then adds what the model finds to the
// findings the rules gave when round k was scored blind. So
// each row is what the rules plus the model would have scored on a round neither had seen.
// The candidates the training texts' labels name are located with today's rules' findings
// (a candidate overlapping a finding of a labelled type is a positive; the other candidates
// of a text are negatives when every label of the text is found, else left out).
//   npm run build && node scripts/eval-learned-secrets.mjs [--rounds=11,12] [--veto]
// --veto also reports the opposite lever: a model trained on the blind findings of earlier
// rounds (right or wrong by the labels) that drops a rule finding it scores below 0.5.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDetector } from '../dist/detect/engine.js';
import { loadSamples, scoreSamples } from '../dist/detect/eval.js';
import { candidates, features, fit, tag, textWords } from './learned-secrets.mjs';

const fixtures = fileURLToPath(new URL('../test/fixtures/detect/', import.meta.url));
const THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9];
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
// Every round whose blind findings are kept, unless --rounds names some.
const rounds = arg('rounds')
  ? arg('rounds').split(',').map(Number)
  : readdirSync(join(fixtures, 'blind-findings'))
      .flatMap((f) => /^round(\d+)\.jsonl$/.exec(f)?.[1] ?? [])
      .map(Number)
      .sort((a, b) => a - b);

const roundOf = (file) => Number(/^external(\d+)-/.exec(file)?.[1] ?? 0);
const isSecret = (t) => t.startsWith('secret.');
const overlaps = (a, b) => a.start < b.end && b.start < a.end;
const secretScope = (s) => !s.categories || s.categories.includes('secret');

// Every sample labelled for secrets, with its file's round and today's rules' findings.
const detector = createDetector();
const labelled = [
  ...readdirSync(fixtures).map((f) => [f, join(fixtures, f)]),
  ...readdirSync(join(fixtures, 'heldout')).map((f) => [f, join(fixtures, 'heldout', f)]),
]
  .filter(([f]) => f.endsWith('.jsonl'))
  .flatMap(([f, path]) =>
    loadSamples(path)
      .filter(secretScope)
      .map((s) => ({
        ...s,
        round: roundOf(f),
        found: detector
          .scanEvent([{ field: s.field ?? 'prompt', text: s.text }])
          .filter((d) => isSecret(d.type)),
      })),
  );

function examples(samples) {
  const rows = [];
  const labels = [];
  const types = [];
  for (const s of samples) {
    const want = new Set(s.labels.filter(isSecret));
    const right = s.found.filter((d) => want.has(d.type));
    const allFound = [...want].every((t) => right.some((d) => d.type === t));
    const fixed = textWords(s.text);
    for (const c of candidates(s.text)) {
      const hit = right.find((d) => overlaps(c, d));
      if (!hit && want.size > 0 && !allFound) continue;
      rows.push(features(s.text, c, fixed));
      labels.push(hit ? 1 : 0);
      types.push(hit?.type);
    }
  }
  return { rows, labels, types };
}

/** One-vs-rest typing over the positives; a type needs 15 examples to be predicted. */
function fitTyper({ rows, labels, types }) {
  const pos = rows.flatMap((_, i) => (labels[i] ? [i] : []));
  const counts = new Map();
  for (const i of pos) counts.set(types[i], (counts.get(types[i]) ?? 0) + 1);
  const models = [...counts]
    .filter(([, n]) => n >= 15)
    .map(([type]) => [
      type,
      fit(
        pos.map((i) => rows[i]),
        pos.map((i) => +(types[i] === type)),
      ),
    ]);
  return (x) => {
    let best = ['secret.generic_api_key', 0];
    for (const [type, model] of models) {
      const p = model(x);
      if (p > best[1]) best = [type, p];
    }
    return best[0];
  };
}

/** The model's best candidate in a text that no rule finding covers. */
function bestCandidate(model, s, found) {
  const fixed = textWords(s.text);
  let best;
  for (const c of candidates(s.text)) {
    if (found.some((d) => overlaps(c, d))) continue;
    const x = features(s.text, c, fixed);
    const p = model(x);
    if (!best || p > best.p) best = { p, x };
  }
  return best;
}

const blind = (k) => {
  const byId = new Map(
    readFileSync(join(fixtures, 'blind-findings', `round${k}.jsonl`), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .map((r) => [r.id, r.found]),
  );
  return loadSamples(join(fixtures, 'heldout', `external${k}-heldout.jsonl`)).map((s) => ({
    ...s,
    found: byId.get(s.id),
  }));
};

const pct = (x) => x.toFixed(3);
const fig = (r) =>
  `${pct(r.groups.secret.precision)} / ${pct(r.groups.secret.recall)}  (per sample ${pct(r.flagged.secret.precision)} / ${pct(r.flagged.secret.recall)})`;
const pooled = new Map();
const pool = (name, r) => {
  const p = pooled.get(name) ?? { tp: 0, fp: 0, fn: 0 };
  for (const k of ['tp', 'fp', 'fn']) p[k] += r.groups.secret[k];
  pooled.set(name, p);
};

for (const k of rounds) {
  const test = blind(k);
  const training = examples(labelled.filter((s) => s.round < k));
  const model = fit(training.rows, training.labels);
  const typer = fitTyper(training);
  const picks = new Map(test.map((s) => [s.id, bestCandidate(model, s, s.found)]));
  const rules = scoreSamples(test, (s) => s.found.map((d) => d.type));
  console.log(
    `round ${k} held out (${test.length} texts; trained on ${training.rows.length} candidates, ${training.labels.filter(Boolean).length} positive)`,
  );
  console.log(`  rules as scored blind          ${fig(rules)}`);
  pool('rules', rules);
  for (const t of THRESHOLDS) {
    const r = scoreSamples(test, (s) => {
      const pick = picks.get(s.id);
      const types = s.found.map((d) => d.type);
      return pick && pick.p >= t ? [...types, typer(pick.x)] : types;
    });
    console.log(`  rules + model, threshold ${t.toFixed(1)}  ${fig(r)}`);
    pool(`rules + model ${t.toFixed(1)}`, r);
  }
  if (process.argv.includes('--veto') && k > 11) {
    const past = rounds.filter((j) => j < k && j >= 11).flatMap(blind);
    const rows = [];
    const labels = [];
    const findingRow = (s, d, fixed) => [
      ...features(s.text, { ...d, value: s.text.slice(d.start, d.end) }, fixed),
      tag(`detector:${d.detector}`),
      tag(`type:${d.type}`),
    ];
    for (const s of past) {
      const fixed = textWords(s.text);
      for (const d of s.found) {
        rows.push(findingRow(s, d, fixed));
        labels.push(+s.labels.includes(d.type));
      }
    }
    const veto = fit(rows, labels, { balance: false });
    const r = scoreSamples(test, (s) => {
      const fixed = textWords(s.text);
      return s.found.filter((d) => veto(findingRow(s, d, fixed)) >= 0.5).map((d) => d.type);
    });
    console.log(`  rules, veto at 0.5             ${fig(r)}`);
    pool('rules, rounds with a veto', rules);
    pool('rules, veto at 0.5', r);
  }
}
console.log('\npooled over the rounds, per label');
for (const [name, p] of pooled) {
  const precision = p.tp / (p.tp + p.fp);
  const recall = p.tp / (p.tp + p.fn);
  console.log(
    `  ${name.padEnd(28)} tp ${p.tp} fp ${p.fp} fn ${p.fn}  ${pct(precision)} / ${pct(recall)}`,
  );
}
