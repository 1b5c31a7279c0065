#!/usr/bin/env node
// A fixed amount of detector work for instruction-count A/B runs, which stay repeatable on a
// busy machine where timings do not: the first <texts> bench texts (default 8000, ~3.9 MB;
// every third scanned as a tool result), two warm-up passes, then <passes> more. Run it under
// callgrind with 0 and with N passes and divide the difference by N:
//   valgrind --tool=callgrind node --single-threaded scripts/detector-instructions.mjs dist 2
// (--single-threaded keeps V8's compiler on the main thread, so counts repeat run to run).
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectorBenchText } from './detector-text.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const passes = Number(process.argv[3] ?? 0);
const count = Number(process.argv[4] ?? 8000);
const { createDetector } = await import(join(dist, 'detect/engine.js'));

const texts = detectorBenchText().slice(0, count);
const fields = texts.map((_, i) => (i % 3 === 2 ? 'tool_result' : 'prompt'));
const detector = createDetector();
const scan = () => texts.forEach((text, i) => detector.scanEvent([{ field: fields[i], text }]));
for (let i = 0; i < 2 + passes; i++) scan();
