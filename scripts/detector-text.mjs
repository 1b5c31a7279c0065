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
