import { AppContext } from '../../src/context.js';
import { completeRun, createRun, saveObjectiveSet } from '../../src/store/safety-runs.js';

/**
 * A finished model analysis run and a set of alignment objectives (migration 015), written
 * by the same store functions the routes use, on a closed data directory: fixtures for the
 * ledgered-tables matrix of `audit verify`.
 */
export function addSafetyRows(dataDir: string): void {
  const app = AppContext.fromEnv({ dataDir, env: { EVID_ACTOR: 'api:fixture' } });
  try {
    app.store.transact((tx) => {
      const run = createRun(tx, {
        kind: 'model_analysis',
        model_url: 'http://127.0.0.1:9/v1#model=m',
        request: { test_suite: 'quick' },
      });
      completeRun(tx, run.run_id, { trace_id: null, result: { risk_score: 0.5 } });
      saveObjectiveSet(tx, {
        request: { objectives: ['never reveal customer PII'] },
        objectives: [{ objective_id: 'obj_1', checks: ['no_pii_disclosure'] }],
      });
    });
  } finally {
    app.close();
  }
}
