// Bench stores: generated traces through the real ingest pipeline (detectors off, so the
// build is quick) and, where a suite needs them, one finding per trace. Shared by the
// suites that measure a server, a purge, a backup or the dashboard over a large store.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTraces } from '../../scripts/gen-traces.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => import(join(root, 'dist', p));

/** The app context over `dir`, acting as `bench`. Close it when done. */
export async function openBenchContext(dir) {
  const { AppContext } = await dist('context.js');
  return AppContext.fromEnv({ dataDir: dir, env: { ...process.env, EVID_ACTOR: 'bench' } });
}

/**
 * `events` events in traces of ten, ingested 5,000 traces per transaction batch. Sessions
 * are `${prefix}${part}_...`, so two builds with different prefixes never collide.
 */
export async function ingestGenerated(ctx, { events, prefix, textBytes }) {
  const { ingestTraces } = await dist('ingest/pipeline.js');
  const traces = Math.ceil(events / 10);
  for (let part = 0; part * 5000 < traces; part++) {
    const batch = makeTraces(Math.min(5000, traces - part * 5000), 10, {
      prefix: `${prefix}${part}`,
      seed: part + 1,
      textBytes,
    });
    const report = ingestTraces(
      ctx.store,
      batch.map((value, index) => ({ index, value })),
      { source: 'bench', detect: false },
    );
    if (report.rejected.length) throw new Error(`bench ingest rejected ${report.rejected.length}`);
  }
  return traces * 10;
}

/** One `pii.email` finding on each trace's first event, severities in turn; returns the count. */
export async function addFindingPerTrace(ctx) {
  const { insertFinding } = await dist('store/findings.js');
  const rows = ctx.store.db
    .prepare(
      `SELECT t.id AS trace_ref, t.trace_id, t.agent, e.id AS event_ref, e.event_id FROM traces t
       JOIN events e ON e.trace_ref = t.id AND e.position = 0`,
    )
    .all();
  const severities = ['low', 'medium', 'high', 'critical'];
  for (let i = 0; i < rows.length; i += 10_000) {
    ctx.store.transact((tx) => {
      for (const [j, r] of rows.slice(i, i + 10_000).entries()) {
        const n = i + j;
        insertFinding(
          tx,
          {
            traceRef: r.trace_ref,
            traceId: r.trace_id,
            eventRef: r.event_ref,
            eventId: r.event_id,
            agent: r.agent,
          },
          {
            type: 'pii.email',
            category: 'pii',
            severity: severities[n % 4],
            detector: 'bench',
            score: 0.9,
            field: 'prompt',
            start: 0,
            end: 10,
            match_masked: 'd***@m***.org',
            excerpt: 'write to d***@m***.org about the refund',
            fingerprint: `fp${n}`,
            controls: ['eu-ai-act:art-10'],
          },
        );
      }
    });
  }
  return rows.length;
}
