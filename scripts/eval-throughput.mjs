#!/usr/bin/env node
// Detector throughput of one build, for A/B runs in separate processes (src/detect/README.md,
// round 3 and 4): `node scripts/eval-throughput.mjs <dist dir> [passes]` prints one line of
// JSON with MB/s. The text is the bench's (agent prose plus one corpus sample per 20 texts),
// and every third text is scanned as a tool result so the tool-result rules run too. Run the
// old and the new build alternately; in-process A/B was biased against the second module.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectorBenchText } from './detector-text.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const passes = Number(process.argv[3] ?? 4);
const { createDetector } = await import(join(dist, 'detect/engine.js'));

const texts = detectorBenchText();
const fields = texts.map((_, i) => (i % 3 === 2 ? 'tool_result' : 'prompt'));
const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);

const detector = createDetector();
const scan = () => texts.forEach((text, i) => detector.scanEvent([{ field: fields[i], text }]));
scan(); // warm up
const t0 = performance.now();
for (let i = 0; i < passes; i++) scan();
const seconds = (performance.now() - t0) / 1000;
console.log(
  JSON.stringify({
    dist,
    mb: (bytes * passes) / 1e6,
    seconds,
    mbps: (bytes * passes) / 1e6 / seconds,
  }),
);
