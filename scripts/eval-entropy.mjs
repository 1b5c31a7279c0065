#!/usr/bin/env node
// The opt-in entropy rule's trade-off (secret.high_entropy, src/detect/detectors/
// secret-entropy.ts): secret precision and recall per label and per sample with the rule off
// (the default policy) and on, over the labelled corpus and the held-out halves of rounds
// 8-13, and how many samples without a secret label it fires on. Run after `npm run build`:
//   node scripts/eval-entropy.mjs
// The rule's limits are detect-secrets' defaults; these figures describe them, nothing here
// tunes them.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateSamples, loadCorpus, loadSamples } from '../dist/detect/eval.js';
import { createDetector } from '../dist/detect/engine.js';
import { parsePolicy } from '../dist/detect/policy.js';
import { HIGH_ENTROPY_RULE_ID } from '../dist/detect/detectors/secret-entropy.js';

const corpus = fileURLToPath(new URL('../test/fixtures/detect/', import.meta.url));
const heldout = join(corpus, 'heldout');
const on = parsePolicy({ enabled_rules: [HIGH_ENTROPY_RULE_ID] });
const detector = createDetector(on);

const sets = [['corpus', loadCorpus(corpus)]];
for (let round = 8; round <= 13; round++) {
  sets.push([
    `round ${round} held-out`,
    loadSamples(join(heldout, `external${round}-heldout.jsonl`)),
  ]);
}

const f = (c) => `${c.precision.toFixed(3)} / ${c.recall.toFixed(3)}`;
const isSecret = (t) => t.startsWith('secret.');

/** Samples scored for secrets where the rule's own finding is reported, by label. */
function ruleFirings(samples) {
  let positives = 0;
  let negatives = 0;
  for (const s of samples) {
    if (s.categories && !s.categories.includes('secret')) continue;
    const fired = detector
      .scanEvent([{ field: s.field ?? 'prompt', text: s.text }])
      .some((d) => d.detector === HIGH_ENTROPY_RULE_ID);
    if (!fired) continue;
    if (s.labels.some(isSecret)) positives++;
    else negatives++;
  }
  return { positives, negatives };
}

const rows = [
  '| set | per label off | per label on | per sample off | per sample on | fires on: secret samples / samples without a secret label |',
  '|---|---|---|---|---|---|',
];
for (const [name, samples] of sets) {
  const off = evaluateSamples(samples);
  const enabled = evaluateSamples(samples, on);
  const { positives, negatives } = ruleFirings(samples);
  rows.push(
    `| ${name} (${samples.length}) | ${f(off.groups.secret)} | ${f(enabled.groups.secret)} | ${f(off.flagged.secret)} | ${f(enabled.flagged.secret)} | ${positives} / ${negatives} |`,
  );
}
console.log('secret precision / recall, rule off (the default policy) and on\n');
console.log(rows.join('\n'));
