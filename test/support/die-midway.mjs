// A process that starts background work on the store at EVID_DATA_DIR through the built
// domain code, then is killed with SIGKILL part-way, as an OOM kill or `kill -9` would.
// Used by test/e2e/interrupted-kill9.test.ts. Prints one JSON line before it dies:
//   node die-midway.mjs runner           -> {runner, tag} of a process that then exits
//   node die-midway.mjs report           -> {report_id, filename, runner, tag}; killed at 'recording'
//   node die-midway.mjs execution        -> {execution_id, runner}; killed while running
//   node die-midway.mjs pack             -> {pack_id, tag}; killed at 'recording the pack'
import { writeSync } from 'node:fs';

const [what] = process.argv.slice(2);
const dist = new URL('../../dist/', import.meta.url);
const load = (path) => import(new URL(path, dist).href);
const { formatRunner, tempTag } = await load('store/runner.js');
// Synchronous: the line is out before the kill, whatever stdout is.
const say = (data) => writeSync(1, `${JSON.stringify(data)}\n`);
const die = () => process.kill(process.pid, 'SIGKILL');

if (what === 'runner') {
  say({ runner: formatRunner(), tag: tempTag() });
  process.exit(0);
}

const { AppContext } = await load('context.js');
const ctx = AppContext.fromEnv();
if (what === 'report') {
  const { generateReport } = await load('reports/generate.js');
  await generateReport(ctx, { regulation: 'eu-ai-act', format: 'html' }, (done, total, phase) => {
    if (phase !== 'recording') return;
    // The file is in place under the report's name; the row still says running.
    const row = ctx.store.read((r) =>
      r.prepare("SELECT report_id, filename, runner FROM reports WHERE status = 'running'").get(),
    );
    say({ ...row, tag: tempTag() });
    die(); // before the report is recorded
  });
} else if (what === 'execution') {
  const { startExecution } = await load('workflows/executions.js');
  const id = `ex_killed${process.pid}`;
  startExecution(
    ctx.store,
    {
      execution_id: id,
      workflow_id: 'wf_killed',
      workflow: 'killed-flow',
      agents: ['a'],
      input: { question: 'never answered' },
    },
    'tester',
    () => undefined,
  );
  say({ execution_id: id, runner: formatRunner() });
  die();
} else if (what === 'pack') {
  const { buildPack } = await load('packs/build.js');
  const packId = `pk_killed${process.pid}`;
  await buildPack(ctx.store, {
    filter: { since: null, until: null, session: null },
    format: 'html',
    includeControls: false,
    packId,
    now: new Date(),
    generator: 'die-midway',
    onProgress: (done, total, phase) => {
      if (phase !== 'recording the pack') return;
      // Its work directory and temporary zip are on disk; no pack row yet.
      say({ pack_id: packId, tag: tempTag() });
      die();
    },
  });
}
