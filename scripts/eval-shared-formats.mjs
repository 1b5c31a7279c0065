#!/usr/bin/env node
// A held-out secret round scored twice: on all its samples, and only on the samples whose
// secrets are of a format that at least two source repositories of the EARLIER external rounds
// (7 to N-1, both halves) labelled. Sessions 10 and 11 proposed this as the fairer blind
// measure: each round is another scanner's test suite, and its rarest vendor formats should
// not count against rules that could not have known them. A label's format is its finding
// type; for the three generic types (generic keys, passwords, connection strings) it is the
// type plus the syntax the secret sits in (below), since "a password" says nothing of where a
// suite hides it. A negative sample always counts. Run after `npm run build`:
//   node scripts/eval-shared-formats.mjs [--dist=DIR] N [N ...]   (default: every held-out round from 11)
// `--dist` scores another build: check out a round's scoring commit in a worktree, build it,
// and pass its dist/ to get the figures the rules of that commit had blind.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const distArg = args.find((a) => a.startsWith('--dist='))?.slice('--dist='.length);
const dist = distArg ? resolve(distArg) : fileURLToPath(new URL('../dist/', import.meta.url));
const { evaluateSamples, loadSamples } = await import(
  pathToFileURL(join(dist, 'detect', 'eval.js')).href
);

const corpus = fileURLToPath(new URL('../test/fixtures/detect/', import.meta.url));
const heldout = join(corpus, 'heldout');
const GENERIC = new Set(['secret.generic_api_key', 'secret.password', 'secret.connection_string']);

/** The syntax a sample's secret sits in, from the first of these its text shows. */
export function syntaxOf(text) {
  if (/-----BEGIN [A-Z0-9 ]*PRIVATE KEY/.test(text)) return 'pem';
  if (/[a-z][a-z0-9+.-]*:\/\/[^\s:@/]+:[^\s@/]+@/i.test(text)) return 'url';
  if (/authorization\s*:|\s-H\s|--header|x-api-key|\bbearer\s/i.test(text)) return 'header';
  if (/\bcurl\b|\s-p\S|--pass(?:word)?[ =]|\s-u\s/.test(text)) return 'command';
  if (/<([A-Za-z_][\w.:-]*)[^>]*>[^<\n]+<\/\1>|<\w+[^>]*\b(?:value|password|key)="/i.test(text)) {
    return 'markup';
  }
  if (/"[^"\n]+"\s*:\s*"/.test(text)) return 'json';
  if (/^\s*-?\s*[\w.-]+:\s+\S/m.test(text)) return 'yaml';
  if (/^\s*(?:export\s+)?[\w.\-[\]"']+\s*[:=]=?\s*\S/m.test(text)) return 'assignment';
  return 'other';
}

const formatOf = (label, text) => (GENERIC.has(label) ? `${label} in ${syntaxOf(text)}` : label);
const repoOf = (s) => (s.source ?? '').split(' ')[0];
const secretLabels = (s) => s.labels.filter((l) => l.startsWith('secret.'));
const halves = (n) =>
  [join(corpus, `external${n}-dev.jsonl`), join(heldout, `external${n}-heldout.jsonl`)].filter(
    existsSync,
  );

/** Format -> the repositories that labelled it, over rounds 7 to `round` - 1. */
function formatsBefore(round) {
  const repos = new Map();
  for (let n = 7; n < round; n++) {
    for (const s of halves(n).flatMap((f) => loadSamples(f))) {
      for (const label of secretLabels(s)) {
        const format = formatOf(label, s.text);
        repos.set(format, (repos.get(format) ?? new Set()).add(repoOf(s)));
      }
    }
  }
  return repos;
}

const counts = (c) =>
  `${String(c.tp).padStart(4)} ${String(c.fp).padStart(4)} ${String(c.fn).padStart(4)}  ${c.precision.toFixed(3)}  ${c.recall.toFixed(3)}`;

const rounds = args.filter((a) => /^\d+$/.test(a)).map(Number);
const all = readdirSync(heldout)
  .map((f) => /^external(\d+)-heldout\.jsonl$/.exec(f)?.[1])
  .filter((n) => n && Number(n) >= 11)
  .map(Number)
  .sort((a, b) => a - b);
console.log(`scoring ${dist}`);
console.log(
  `${'set'.padEnd(36)} ${'samples'.padStart(7)}  per label: tp   fp   fn  prec.  recall   per sample: tp   fp   fn  prec.  recall`,
);
for (const round of rounds.length ? rounds : all) {
  const repos = formatsBefore(round);
  const shared = (s) =>
    secretLabels(s).some((l) => (repos.get(formatOf(l, s.text))?.size ?? 0) >= 2);
  const samples = loadSamples(join(heldout, `external${round}-heldout.jsonl`)).filter((s) =>
    (s.categories ?? []).includes('secret'),
  );
  const kept = samples.filter((s) => secretLabels(s).length === 0 || shared(s));
  for (const [name, set] of [
    [`round ${round} held out, all`, samples],
    [`round ${round} held out, shared formats`, kept],
  ]) {
    const report = evaluateSamples(set);
    console.log(
      `${name.padEnd(36)} ${String(set.length).padStart(7)}  ${counts(report.groups.secret)}   ${counts(report.flagged.secret)}`,
    );
  }
}
