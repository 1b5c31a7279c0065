#!/usr/bin/env node
/**
 * Bundles the dashboard (web/) with esbuild into dist/dashboard/: index.html plus content-
 * hashed assets (served with a year-long cache by src/server/dashboard.ts). Minified, no
 * source maps shipped, nothing loaded from elsewhere at run time. Prints the gzipped size of
 * what a first load fetches (budget: 150 KB of JS + CSS).
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'dist', 'dashboard');
const BUDGET = 150 * 1024;

rmSync(OUT, { recursive: true, force: true });
mkdirSync(join(OUT, 'assets'), { recursive: true });

const result = await build({
  entryPoints: [join(ROOT, 'web', 'src', 'main.tsx')],
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['chrome110', 'firefox110', 'safari16'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  outdir: join(OUT, 'assets'),
  entryNames: 'app-[hash]',
  assetNames: '[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});

const outputs = Object.keys(result.metafile.outputs).map((p) => basename(p));
const js = outputs.find((f) => f.endsWith('.js'));
const css = outputs.find((f) => f.endsWith('.css'));
if (!js || !css)
  throw new Error(`build produced ${outputs.join(', ')}: expected one .js and one .css`);

const html = readFileSync(join(ROOT, 'web', 'index.html'), 'utf8')
  .replace('%JS%', js)
  .replace('%CSS%', css);
writeFileSync(join(OUT, 'index.html'), html);

let gz = 0;
for (const f of [js, css])
  gz += gzipSync(readFileSync(join(OUT, 'assets', f)), { level: 9 }).length;
gz += gzipSync(html).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `dashboard: dist/dashboard/ (${js}, ${css}); first load ${kb(gz)} gzipped (budget ${kb(BUDGET)})`,
);
if (gz > BUDGET) {
  console.error(`dashboard: first load ${kb(gz)} gzipped is over the ${kb(BUDGET)} budget`);
  process.exit(1);
}
