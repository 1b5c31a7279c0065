// `npm run bench [suite...]`: runs the benchmark suites, prints one table and saves it under
// bench/results/ (latest.md + a dated JSON). Figures are ratios against a baseline measured
// in the same run on the same machine, so they compare across machines.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// `npm run bench -- scale --big`: words choose suites, `--flags` go to every suite chosen.
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const suites = readdirSync(join(here, 'suites'))
  .filter((f) => f.endsWith('.mjs'))
  .sort()
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)));

const rows = [];
for (const file of suites) {
  const suite = await import(join(here, 'suites', file));
  process.stderr.write(`\n== ${file}\n`);
  for (const row of await suite.run((msg) => process.stderr.write(`   ${msg}\n`), { flags })) {
    rows.push({ suite: file.replace('.mjs', ''), ...row });
    process.stderr.write(
      `   ${row.name}: ${row.result} (goal ${row.goal}) ${row.pass ? 'PASS' : 'MISS'}\n`,
    );
  }
}

const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;
const table = [
  `# Benchmarks (${new Date().toISOString()}, ${machine})`,
  '',
  '| suite | benchmark | result | baseline | goal | met |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.suite} | ${r.name} | ${r.result} | ${r.baseline ?? ''} | ${r.goal} | ${r.pass ? 'yes' : 'NO'} |`,
  ),
  '',
].join('\n');
process.stdout.write(`\n${table}`);
const out = join(here, 'results');
mkdirSync(out, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(out, `${stamp}.json`), JSON.stringify({ machine, rows }, null, 2));
writeFileSync(join(out, wanted.length ? `latest-${wanted.join('-')}.md` : 'latest.md'), table);
