import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { startExecution } from '../../src/workflows/executions.js';
import { agentNames, registerWorkflow } from '../../src/workflows/registry.js';
import { parseWorkflowText, validateWorkflow } from '../../src/workflows/schema.js';
import { readFileSync, rmSync } from 'node:fs';
import { EXAMPLES, runJson, tempDataDir } from '../support/cli.js';
import { copyDataDir, withDb } from '../support/tamper.js';

// Issue 17: an execution still running has a ledgered start and no end; its status is
// operational until then, but one edited to claim an end without its ledgered end is
// caught by audit verify, as is a second registration that changed nothing (none added).

const store = tempDataDir('evid-exec-ledger-');
afterAll(() => store.cleanup());

describe('a running execution in the ledger', () => {
  it('verifies while running; a status claiming an end without one is tampering', async () => {
    const app = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_ACTOR: 'cli:test' } });
    const file = join(EXAMPLES, 'support-workflow.yaml');
    const register = () =>
      app.store.transact((tx) =>
        registerWorkflow(
          tx,
          validateWorkflow(
            parseWorkflowText(readFileSync(file, 'utf8'), file),
            EXAMPLES,
            agentNames(tx),
          ),
        ),
      );
    const first = register();
    expect(first.added).toBe(true);
    const again = register();
    expect(again.added).toBe(false);
    expect(again.agents.every((a) => !a.added)).toBe(true);
    startExecution(
      app.store,
      {
        execution_id: 'ex_running',
        workflow_id: first.workflow.workflow_id,
        workflow: 'support-triage',
        agents: ['classifier'],
        input: { question: 'q' },
      },
      'cli:test',
      () => undefined,
    );
    app.close();

    const intact = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: store.dir });
    expect(intact.data.ok).toBe(true);

    const dir = copyDataDir(store.dir);
    withDb(dir, (db) => db.prepare("UPDATE executions SET status = 'succeeded'").run());
    const forged = await runJson<{ ok: boolean; row: { table: string; id: string } }>(
      'audit',
      ['verify'],
      { dataDir: dir },
    );
    expect(forged.code).toBe(1);
    expect(forged.data.row).toEqual({ table: 'executions', id: 'ex_running' });
    rmSync(dir, { recursive: true, force: true });
  });
});
