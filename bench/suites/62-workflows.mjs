// Issue 17 benchmark: what running an agent through a workflow adds. (1) Overhead per step:
// a one-step workflow's execution over a no-op command agent, against spawning the same
// command directly with execa, median added ms (each workflow run paired with the direct run
// just before it); beside it, a diagnostic: what each further step of a three-step workflow
// adds, apart from the execution's start and finish. (2) Executions per second of the
// one-step workflow, one after another, in process (the step's events are recorded,
// detected and ledgered).
// The direct run gets the environment the runner gives a command agent (PATH only, nothing
// else inherited): with the full environment Node starts slower (NODE_EXTRA_CA_CERTS alone
// loads a CA bundle), which made the workflow look faster than the bare command.
// BENCH_WORKFLOW_RUNS scales it (default 30); each side is warmed up once first.
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => import(join(root, 'dist', p));
const RUNS = Number(process.env.BENCH_WORKFLOW_RUNS ?? 30);
const GOAL_ADDED_MS = 50;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(log) {
  const dir = mkdtempSync(join(tmpdir(), 'evid-bench-62-'));
  try {
    const agent = join(dir, 'noop.mjs');
    writeFileSync(
      agent,
      'for await (const _ of process.stdin);\nprocess.stdout.write(\'{"output":{}}\');\n',
    );
    const file = join(dir, 'noop-workflow.yaml');
    writeFileSync(
      file,
      `name: noop\nblock_severity: off\nagents:\n  noop: { type: command, command: [node, ${agent}] }\nsteps:\n  - { name: only, agent: noop }\n`,
    );
    // The same agent three times: what each further step adds, apart from the execution's
    // own start and finish (a diagnostic beside the one-step figure).
    const file3 = join(dir, 'noop3-workflow.yaml');
    writeFileSync(
      file3,
      `name: noop3\nblock_severity: off\nsteps:\n  - { name: one, agent: noop }\n  - { name: two, agent: noop }\n  - { name: three, agent: noop }\n`,
    );
    const { AppContext } = await dist('context.js');
    const { parseWorkflowText, validateWorkflow } = await dist('workflows/schema.js');
    const { agentNames, registerWorkflow } = await dist('workflows/registry.js');
    const { startRun } = await dist('workflows/runner.js');
    const ctx = AppContext.fromEnv({ dataDir: dir, env: { ...process.env, EVID_ACTOR: 'bench' } });
    const store = ctx.store;
    for (const f of [file, file3]) {
      store.transact((tx) =>
        registerWorkflow(
          tx,
          validateWorkflow(parseWorkflowText(readFileSync(f, 'utf8'), f), dir, agentNames(tx)),
        ),
      );
    }

    // As invoke.ts runs a command agent: its allow-list (PATH here), no inherited environment.
    const runDirect = () =>
      execa(process.execPath, [agent], {
        input: '{"input":{}}',
        env: { PATH: process.env.PATH ?? '' },
        extendEnv: false,
      });
    const runWorkflow = async (workflow = 'noop') => {
      const done = await startRun(store, { workflow, input: {} }, 'bench').done;
      if (done.status !== 'succeeded') throw new Error(`bench run ${done.status}: ${done.error}`);
    };
    await runDirect();
    await runWorkflow();
    await runWorkflow('noop3');
    const direct = [];
    const through = [];
    const through3 = [];
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < RUNS; i++) {
      let s = process.hrtime.bigint();
      await runDirect();
      direct.push(Number(process.hrtime.bigint() - s) / 1e6);
      s = process.hrtime.bigint();
      await runWorkflow();
      through.push(Number(process.hrtime.bigint() - s) / 1e6);
      s = process.hrtime.bigint();
      await runWorkflow('noop3');
      through3.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const throughSum = through.reduce((a, b) => a + b, 0) / 1000;
    ctx.close();
    // Each workflow run is timed right after a direct run: the median of those paired
    // differences is steadier on a busy machine than a difference of two medians.
    const added = median(through.map((t, i) => t - direct[i]));
    const perFurtherStep = median(through3.map((t, i) => (t - through[i]) / 2 - direct[i]));
    log(
      `direct median ${median(direct).toFixed(1)} ms, one-step workflow median ${median(through).toFixed(1)} ms, three-step ${median(through3).toFixed(1)} ms (${RUNS} runs each, ${seconds.toFixed(1)} s)`,
    );
    return [
      {
        name: 'one-step workflow over the same command run directly with execa (median added ms)',
        result: `${added.toFixed(1)} ms`,
        baseline: `${median(direct).toFixed(1)} ms direct, ${median(through).toFixed(1)} ms through the workflow`,
        goal: `<= ${GOAL_ADDED_MS} ms`,
        pass: added <= GOAL_ADDED_MS,
      },
      {
        name: 'diagnostic: each further step of a three-step workflow over a direct run of its agent (median added ms)',
        result: `${perFurtherStep.toFixed(1)} ms`,
        baseline: `${median(through3).toFixed(1)} ms three steps; ${median(direct).toFixed(1)} ms one direct run`,
        goal: 'info',
        pass: true,
      },
      {
        name: 'one-step no-op workflow executions per second (sequential, in process)',
        result: `${(RUNS / throughSum).toFixed(1)}/s`,
        goal: 'reported',
        pass: true,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
