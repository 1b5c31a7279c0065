import { appendSessions } from '../ingest/append.js';
import type { Store } from '../store/store.js';
import type { ChatMessage, ChatResult } from './model-client.js';
import type { ModelTarget } from './model-target.js';

/**
 * Every probe and its answer is one `llm_call` event of the run's trace, written through the
 * one append path, so the detectors run on it and findings, packs and exports cover it. The
 * conversation's last user turn is the prompt and the answer the completion; the system
 * prompt (with its planted canaries) is kept as an attribute, which the detectors do not scan,
 * so evid's own bait never becomes a finding. Calls to a gateway source are counted on it.
 */
export interface ProbeRecord {
  runId: string;
  /** Session of the run's trace: `safety:<run id>`. */
  sessionId: string;
  agent: string;
  target: ModelTarget;
  actor: string;
}

export function recordProbe(
  store: Store,
  rec: ProbeRecord,
  probe: { id: string; category: string },
  messages: readonly ChatMessage[],
  answer: ChatResult,
  extra: Record<string, unknown> = {},
): string | null {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const prompt = [...messages].reverse().find((m) => m.role === 'user')?.content ?? null;
  const event = {
    event_id: `${rec.runId}:${probe.id}`,
    type: 'llm_call',
    model: answer.ok ? answer.model : rec.target.model,
    prompt,
    completion: answer.ok ? answer.content : null,
    tokens_prompt: answer.ok ? answer.tokens_prompt : null,
    tokens_completion: answer.ok ? answer.tokens_completion : null,
    timestamp: new Date().toISOString(),
    latency_ms: answer.latency_ms,
    safety_run_id: rec.runId,
    probe_id: probe.id,
    probe_category: probe.category,
    system_prompt: system.join('\n') || null,
    ...(answer.ok ? {} : { error: answer.error }),
    ...extra,
  };
  const report = appendSessions(
    store,
    [
      {
        session_id: rec.sessionId,
        agent: rec.agent,
        framework: 'evid-safety',
        attributes: { safety_run_id: rec.runId, model_url: rec.target.label },
        events: [event],
      },
    ],
    {
      source: rec.target.sourceId ? 'gateway' : 'safety',
      ...(rec.target.sourceId ? { sourceId: rec.target.sourceId } : {}),
      actor: rec.actor,
    },
  );
  const refused = report.rejected[0];
  // Intake stopped for this agent (kill switch) or a quota: the run cannot be evidence.
  if (refused) throw new Error(`probe ${probe.id} not recorded: ${refused.error.message}`);
  return report.appended[0]?.trace_id || null;
}
