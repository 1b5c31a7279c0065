// The text the detector throughput figures are measured on (bench suite 20-detect and
// scripts/eval-throughput.mjs): agent prose from the trace generator plus about one sample
// of the labelled corpus (often with a finding) per 20 prose texts.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTraces } from './gen-traces.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export function detectorBenchText() {
  const dir = join(root, 'test/fixtures/detect');
  const samples = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => JSON.parse(l).text);
  const prose = makeTraces(2_000, 10, { textBytes: 500 }).flatMap((t) =>
    t.events.flatMap((e) => [e.prompt, e.completion]),
  );
  const texts = [];
  prose.forEach((p, i) => {
    texts.push(p);
    if (i % 20 === 0) texts.push(samples[(i / 20) % samples.length]);
  });
  return texts;
}

// Fifty custom regex rules of the kinds policies hold (ticket and customer ids, code names,
// internal host names, classification markings, employee numbers), for the bench case "with
// 50 custom rules live". A few match the bench text (version strings, URLs, "internal"), so
// the span pass runs too, not only the set prefilter.
const NAMES = [
  'falcon',
  'orion',
  'zephyr',
  'atlas',
  'nimbus',
  'quartz',
  'ember',
  'cobalt',
  'vortex',
  'saffron',
];
export function benchCustomRules() {
  const rules = [];
  for (let i = 0; i < 50; i++) {
    const name = NAMES[i % 10];
    const tag = name.slice(0, 3).toUpperCase();
    const shapes = [
      [`\\bproject[- ]${name}(?:[- ]${i})?\\b`, true],
      [`${tag}${i}-\\d{6}`, false],
      [`(?:internal|confidential)[ -]${name}\\s+\\w+`, true],
      [`\\b[A-Z]{2}\\d{4}-[A-Z]{${(i % 7) + 2}}\\b`, false],
      [`[a-z0-9-]+\\.${name}\\.corp(?:\\.acme\\.net)?`, true],
    ];
    const [pattern, ci] = shapes[i % 5];
    rules.push({
      type: `policy.rule_${i}`,
      kind: 'regex',
      pattern,
      severity: 'medium',
      case_insensitive: ci,
    });
  }
  // Broad ones that do fire on agent prose and logs.
  rules[47].pattern = '\\bv?\\d+\\.\\d+\\.\\d+\\b';
  rules[48].pattern = 'https?://[\\w.-]+(?:/[\\w./%-]*)?';
  rules[49].pattern = '\\binternal(?:[ -]only)?\\b';
  return rules;
}
