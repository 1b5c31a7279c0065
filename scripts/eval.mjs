#!/usr/bin/env node
// Precision and recall of the detectors over the labelled corpus (test/fixtures/detect), then
// over the held-out external set (test/fixtures/detect/heldout/). Run through `npm run eval`,
// which builds dist/ first. Exits 1 when a quality goal is missed on the corpus; the held-out
// figures are reported against the same goals but never fail the run: they measure how the
// rules generalise, and tuning rules until they pass would make them one more tuning set.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateCorpus, evaluateSamples, loadSamples } from '../dist/detect/eval.js';
import { parsePolicy } from '../dist/detect/policy.js';

const corpus = fileURLToPath(new URL('../test/fixtures/detect/', import.meta.url));
const heldout = join(corpus, 'heldout');

const GOALS = {
  structured_pii: { precision: 0.97, recall: 0.95 },
  secret: { precision: 0.97, recall: 0.95 },
  prompt_injection: { precision: 0.9, recall: 0.85 },
  jailbreak: { precision: 0.9, recall: 0.85 },
};
// Issue 18's blind goals, reported for the held-out sets of rounds 7-20 (labelled for them).
const HELD_GOALS = {
  secret: { precision: 0.97, recall: 0.9 },
  pii: { precision: 0.97, recall: 0.85 },
  toxicity: { precision: 0.9, recall: 0.7 },
};

// Held-out halves that were scored once and then became tuning data in a later round (they
// stay under heldout/ so the unit test that keeps them out of the corpus goals still holds).
const TUNED_SINCE = {
  'external7-heldout.jsonl': 'round 8',
  'external8-heldout.jsonl': 'round 9',
  'external9-heldout.jsonl': 'round 10',
  'external10-heldout.jsonl': 'round 11',
  'external11-heldout.jsonl': 'round 12',
  'external12-heldout.jsonl': 'its scoring (a mend read from it)',
  'external13-heldout.jsonl': 'its scoring (session 12)',
  'external14-heldout.jsonl': 'its scoring (session 13)',
  'external15-heldout.jsonl': 'its scoring (session 13)',
  'external16-heldout.jsonl': 'its scoring (session 14)',
  'external17-heldout.jsonl': 'its scoring (session 15)',
  'external18-heldout.jsonl': 'its scoring (session 15)',
  'external19-heldout.jsonl': 'its scoring (session 16)',
  'external20-heldout.jsonl': 'its scoring (session 16)',
};

const pct = (x) => x.toFixed(3);
const row = (name, c, extra = '') =>
  `${name.padEnd(44)} ${String(c.tp).padStart(5)} ${String(c.fp).padStart(5)} ${String(c.fn).padStart(5)}  ${pct(c.precision)}  ${pct(c.recall)}${extra}`;
const header = `${''.padEnd(44)} ${'tp'.padStart(5)} ${'fp'.padStart(5)} ${'fn'.padStart(5)}  prec.  recall`;

function goalRows(report, groups, goals = GOALS) {
  let met = true;
  const lines = [];
  for (const name of groups) {
    const goal = goals[name];
    const c = report.groups[name];
    const ok = c.precision >= goal.precision && c.recall >= goal.recall;
    met &&= ok;
    lines.push(
      row(name, c, `  goal p>=${goal.precision} r>=${goal.recall}  ${ok ? 'ok' : 'MISSED'}`),
    );
  }
  return { met, lines };
}

function details(report, out) {
  if (process.argv.includes('--types')) {
    out.push('', 'per finding type', header);
    for (const [name, c] of Object.entries(report.types)) out.push(row(name, c));
  }
  if (process.argv.includes('--errors')) {
    out.push('', 'samples with errors');
    for (const e of report.errors) {
      out.push(
        `  ${e.id}: missed [${e.missed.join(', ')}] unexpected [${e.unexpected.join(', ')}]`,
      );
    }
  }
}

// `--by-source`: a held-out set's figures per source repository (the first word of each
// sample's `source`), aggregates only, so a round drawn from several scanners' suites shows
// which suite the rules share and which they do not.
function bySource(samples, groups, file, out) {
  const repos = new Map();
  for (const s of samples) {
    const repo = (s.source ?? 'unknown').split(' ')[0];
    repos.set(repo, [...(repos.get(repo) ?? []), s]);
  }
  out.push('', `held out: ${file}, per source (per label / per sample)`, header);
  for (const [repo, group] of [...repos].sort()) {
    const held = evaluateSamples(group, policy);
    for (const name of groups) {
      const c = held.groups[name];
      if (c.tp + c.fp + c.fn === 0) continue;
      out.push(row(`${repo} ${name}`, c));
      out.push(row(`${repo} ${name}, per sample`, held.flagged[name]));
    }
  }
}

// `--enable=secret.high_entropy`: score with these opt-in rules on (a policy's enabled_rules),
// so an opt-in rule's trade-off is measured with the same counts as the default policy's.
const enable = process.argv.find((a) => a.startsWith('--enable='))?.slice('--enable='.length);
const policy = enable ? parsePolicy({ enabled_rules: enable.split(',') }) : undefined;

const report = evaluateCorpus(corpus, policy);
const out = [
  `${report.samples} samples from ${corpus}${enable ? `, opt-in rules on: ${enable}` : ''}`,
  '',
  'per category',
  header,
];
for (const [name, c] of Object.entries(report.categories)) out.push(row(name, c));
out.push('', 'quality goals', header);
const corpusGoals = goalRows(report, Object.keys(GOALS));
out.push(...corpusGoals.lines);
details(report, out);

// Each held-out file is its own section, labelled for the categories its samples name, in
// file-name order. `--heldout=a.jsonl,b.jsonl` scores only those files: a round still being
// tuned keeps its held-out half unread while earlier, already scored halves are looked at.
const only = process.argv.find((a) => a.startsWith('--heldout='))?.slice('--heldout='.length);
const files = process.argv.includes('--corpus-only')
  ? []
  : readdirSync(heldout)
      .filter((f) => f.endsWith('.jsonl') && (!only || only.split(',').includes(f)))
      .sort();
for (const file of files) {
  const samples = loadSamples(join(heldout, file));
  const held = evaluateSamples(samples, policy);
  // Rounds 1-6 are labelled for injection and jailbreak, rounds 7-20 for secrets, PII, toxicity.
  const scope = new Set(samples.flatMap((s) => s.categories ?? []));
  const groups = scope.has('prompt_injection')
    ? ['prompt_injection', 'jailbreak']
    : ['secret', 'pii', 'toxicity'];
  const status = TUNED_SINCE[file]
    ? `scored once, tuning data since ${TUNED_SINCE[file]}`
    : 'never tuned on, reported only';
  out.push('', `held out: ${file} (${held.samples} samples; ${status})`, header);
  out.push(...goalRows(held, groups, scope.has('prompt_injection') ? GOALS : HELD_GOALS).lines);
  out.push('', `held out: ${file}, per sample (flagged at all in the group)`, header);
  for (const name of groups) out.push(row(name, held.flagged[name]));
  if (process.argv.includes('--by-source')) bySource(samples, groups, file, out);
  if (process.argv.includes('--types')) {
    out.push('', `held out: ${file}, per finding type`, header);
    for (const [name, c] of Object.entries(held.types)) out.push(row(name, c));
  }
  if (process.argv.includes('--heldout-errors')) {
    out.push('', `held out: ${file}, samples with errors`);
    for (const e of held.errors) {
      out.push(
        `  ${e.id}: missed [${e.missed.join(', ')}] unexpected [${e.unexpected.join(', ')}]`,
      );
    }
  }
}

console.log(out.join('\n'));
if (!corpusGoals.met) process.exitCode = 1;
