import { statSync } from 'node:fs';
import { join } from 'node:path';
import { findingsBreakdown, type FindingsBreakdown } from './findings.js';
import { DB_FILE } from './open.js';
import type { Store } from './store.js';

export interface StoreStatus {
  data_dir: string;
  traces: number;
  events: number;
  agents: number;
  first_event_at: string | null;
  last_event_at: string | null;
  findings: FindingsBreakdown;
  ledger: {
    entries: number;
    tree_size: number;
    root_hash: string | null;
    signed_at: string | null;
  };
  storage_bytes: number;
  schema_version: number;
}

/**
 * COUNT(DISTINCT agent) walks every index entry; this hops from one agent to the next
 * (one index seek per agent), so it costs the number of agents, not of traces.
 */
const DISTINCT_AGENTS = `
  WITH RECURSIVE a(agent) AS (
    SELECT MIN(agent) FROM traces
    UNION ALL
    SELECT (SELECT MIN(agent) FROM traces WHERE agent > a.agent) FROM a WHERE a.agent IS NOT NULL
  )
  SELECT COUNT(agent) AS n FROM a`;

/**
 * Collection status from cheap aggregate queries (COUNTs on narrow indexes and the latest
 * tree head), so it stays fast on a store of millions of events.
 */
export function storeStatus(store: Store): StoreStatus {
  return store.read((r) => {
    const t = r
      .prepare(
        'SELECT COUNT(*) AS traces, COALESCE(SUM(event_count), 0) AS events, MIN(first_event_at) AS first, MAX(last_event_at) AS last FROM traces',
      )
      .get() as { traces: number; events: number; first: string | null; last: string | null };
    const standalone = (
      r.prepare('SELECT COUNT(*) AS n FROM events WHERE trace_ref IS NULL').get() as { n: number }
    ).n;
    const agents = (r.prepare(DISTINCT_AGENTS).get() as { n: number }).n;
    const head = store.latestTreeHead();
    const entries =
      (r.prepare('SELECT MAX(seq) AS n FROM ledger').get() as { n: number | null }).n ?? 0;
    return {
      data_dir: store.dataDir,
      traces: t.traces,
      events: t.events + standalone,
      agents,
      first_event_at: t.first,
      last_event_at: t.last,
      findings: findingsBreakdown(r),
      ledger: {
        entries,
        tree_size: head?.tree_size ?? 0,
        root_hash: head?.root_hash ?? null,
        signed_at: head?.signed_at ?? null,
      },
      storage_bytes:
        fileSize(join(store.dataDir, DB_FILE)) + fileSize(join(store.dataDir, `${DB_FILE}-wal`)),
      schema_version: store.db.pragma('user_version', { simple: true }) as number,
    };
  });
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
