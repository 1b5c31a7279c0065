// Traces whose every event yields one finding (an e-mail address in the prompt), for tests
// that count what reaches a SIEM.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function findingTrace(session: string, n: number): Record<string, unknown> {
  return {
    session_id: session,
    agent: 'mail-bot',
    events: Array.from({ length: n }, (_, i) => ({
      type: 'llm_call',
      model: 'gpt-4o-mini',
      prompt: `Customer asks: my order has not arrived. My email is dana.kowalski${i}${session}@mailbox.org.`,
      completion: 'I will check.',
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    })),
  };
}

/** Writes sessions of n events each to an ndjson file in dir; returns its path. */
export function findingTraces(dir: string, name: string, sessions: string[], n: number): string {
  const file = join(dir, `${name}.ndjson`);
  writeFileSync(file, sessions.map((s) => JSON.stringify(findingTrace(s, n))).join('\n') + '\n');
  return file;
}
