import { AppContext } from '../../src/context.js';
import { appendSessions, type AppendReport, type SessionInput } from '../../src/ingest/append.js';
import { recordSourceError } from '../../src/sources/registry.js';

/**
 * Events arriving through a source, as a receiver hands them to the one intake. Until every
 * receiver can be driven from a test, e2e tests use this (the same appendSessions the
 * receivers call) on a closed data directory, then go on with the built bins.
 */
export function appendThroughSource(
  dataDir: string,
  source: { source_id: string; type: string },
  sessions: SessionInput[],
): AppendReport {
  const app = AppContext.fromEnv({ dataDir, env: { EVID_ACTOR: `source:${source.source_id}` } });
  try {
    return appendSessions(app.store, sessions, { source: source.type, sourceId: source.source_id });
  } finally {
    app.close();
  }
}

/** One session of `n` llm_call events with stable ids (a redelivery is a duplicate). */
export function sourceSession(sessionId: string, agent: string, n = 2): SessionInput {
  return {
    session_id: sessionId,
    agent,
    events: Array.from({ length: n }, (_, i) => ({
      event_id: `${sessionId}_${i}`,
      type: 'llm_call',
      timestamp: new Date(Date.UTC(2026, 10, 25, 10, 0, i)).toISOString(),
      model: 'gpt-4o-mini',
      prompt: `secret question ${i} of ${sessionId}`,
      completion: `answer ${i}`,
    })),
  };
}

/** An error a receiver met, counted against its source as receivers do. */
export function recordErrorFor(dataDir: string, sourceId: string, message: string): void {
  const app = AppContext.fromEnv({ dataDir });
  try {
    recordSourceError(app.store, sourceId, message);
  } finally {
    app.close();
  }
}
