import { afterAll, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { ingestTraces } from '../../src/ingest/pipeline.js';
import { verifyLedger } from '../../src/store/verify-ledger.js';
import { tempDataDir } from '../support/cli.js';

// The store keeps where its last transaction left the ledger (the frontier), so the next
// one need not re-read it: it must notice another writer (another process) in between, and
// a transaction that rolled back.
const data = tempDataDir('evid-ledger-tip-');
afterAll(() => data.cleanup());

const open = (actor: string) =>
  AppContext.fromEnv({ dataDir: data.dir, env: { EVID_ACTOR: actor } });

describe('ledger tip kept between transactions', () => {
  it('continues after another connection wrote and after a rollback', () => {
    const a = open('a');
    const b = open('b');
    let sessions = 0;
    // One transaction: n traces of one event each, two ledger entries per trace.
    const append = (ctx: AppContext, n: number) => {
      const items = Array.from({ length: n }, (_, index) => ({
        index,
        value: {
          session_id: `sess_tip_${sessions++}`,
          agent: 'tip-bot',
          events: [{ type: 'llm_call', prompt: 'hello', timestamp: '2026-11-20T10:00:00Z' }],
        },
      }));
      expect(ingestTraces(ctx.store, items, { source: 'test' }).accepted).toHaveLength(n);
    };
    append(a, 3);
    append(b, 2); // a's remembered tip is stale now
    append(a, 5);
    append(a, 1);
    expect(() =>
      a.store.transact((tx) => {
        tx.ledger.append('policy.updated', 'policy-v0', null, {});
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    append(a, 2);
    append(b, 4);
    append(a, 1);
    // 2 x 18 appends, after the store's first entry (its ledger key).
    expect(a.store.latestTreeHead()?.tree_size).toBe(1 + 2 * 18);
    const verdict = a.store.read((r) => verifyLedger(r, a.store.origin));
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
    a.close();
    b.close();
  });
});
