// The quick-start job: ingest the bundled examples into the default store (or
// $EVID_DATA_DIR), show `evid status`, then `audit verify`. Safe to run again: traces
// already in the store are reported as such (exit 4 from ingest) and skipped.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'bin', `${name}.js`);
const run = (name, args) =>
  spawnSync(process.execPath, [bin(name), ...args], { stdio: 'inherit' }).status;

// The trace files only: examples/ also holds a workflow, its agents and the Python example.
const traceFiles = readdirSync(join(root, 'examples'))
  .filter((f) => /\.(json|ndjson)$/.test(f))
  .sort();
for (const file of traceFiles) {
  console.log(`\n$ evid traces ingest examples/${file}`);
  const code = run('evid', ['traces', 'ingest', join(root, 'examples', file)]);
  if (code === 4) console.log('(already ingested: skipped)');
  else if (code !== 0) process.exit(code ?? 1);
}
console.log('\n$ evid status');
if (run('evid', ['status']) !== 0) process.exit(1);
console.log('\n$ audit verify');
process.exit(run('audit', ['verify']) ?? 1);
