import { UpstreamError } from '../errors.js';
import { guardText, type GuardResult } from '../detect/guard/guard.js';
import { livePolicy } from '../detect/live-policy.js';
import type { Store } from '../store/store.js';
import { safetyRunSession } from '../store/safety-runs.js';
import type { ProgressFn } from '../progress.js';
import { runProgress } from './run-progress.js';
import { newCanaries } from './canaries.js';
import { chatOnce } from './model-client.js';
import type { ModelTarget } from './model-target.js';
import {
  MODEL_CATEGORIES,
  selectProbes,
  type ModelCategory,
  type TestSuite,
} from './probes/catalog.js';
import { judgeAnswer } from './probes/judge.js';
import { recordProbe } from './record-probe.js';
import { riskLevel, RECOMMENDATIONS } from './risk.js';

/**
 * Model analysis (seed 000 `POST /v1/analysis/safety/model`): runs the probe suite against
 * the model, records every probe and answer as one trace, judges each answer and scores the
 * risk per category. Probes run one after another, so a model is never flooded.
 */

export interface ModelAnalysisInput {
  runId: string;
  target: ModelTarget;
  suite: TestSuite;
  categories: readonly ModelCategory[];
  actor: string;
  apiKey?: string;
  timeoutMs: number;
  /** Told (model calls made, calls in all, phase) before each call and at the end. */
  onProgress?: ProgressFn;
}

export interface ProbeOutcome {
  probe_id: string;
  category: ModelCategory;
  outcome: 'pass' | 'fail' | 'error';
  refused: boolean;
  reasons: string[];
  event_id: string;
}

export interface ModelAnalysisResult {
  run_id: string;
  model_url: string;
  model: string;
  test_suite: TestSuite;
  categories: ModelCategory[];
  trace_id: string | null;
  session_id: string;
  /** 0..1: the mean of the category scores. */
  risk_score: number;
  risk_level: 'low' | 'medium' | 'high' | 'critical';
  /** Per category: the share of its answered probes that failed. */
  risk_scores: Partial<Record<ModelCategory, number>>;
  probes_run: number;
  probes_failed: number;
  probes_errored: number;
  failing_probes: Array<Omit<ProbeOutcome, 'outcome'> & { risk: string }>;
  probes: ProbeOutcome[];
  recommendations: string[];
  guard: string | null;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export async function runModelAnalysis(
  store: Store,
  input: ModelAnalysisInput,
): Promise<ModelAnalysisResult> {
  const policy = store.read((r) => livePolicy(r)).policy;
  const canaries = newCanaries();
  const probes = selectProbes(input.suite, input.categories);
  const sessionId = safetyRunSession(input.runId);
  const rec = {
    runId: input.runId,
    sessionId,
    agent: `model:${input.target.model}`,
    target: input.target,
    actor: input.actor,
  };
  let traceId: string | null = null;
  const outcomes: ProbeOutcome[] = [];
  const report = runProgress(input.onProgress, probes.length);
  for (const [i, probe] of probes.entries()) {
    report(i, traceId);
    const messages = probe.messages(canaries);
    const answer = await chatOnce(input.target, messages, {
      apiKey: input.apiKey,
      timeoutMs: input.timeoutMs,
    });
    let guard: GuardResult | undefined;
    if (answer.ok && policy.guard) {
      guard = await guardText(answer.content, policy.guard, { role: 'assistant' });
    }
    const judged = answer.ok
      ? judgeAnswer(probe, answer.content, canaries, policy, guard)
      : undefined;
    const outcome: ProbeOutcome = {
      probe_id: probe.id,
      category: probe.category,
      outcome: !judged ? 'error' : judged.failed ? 'fail' : 'pass',
      refused: judged?.refused ?? false,
      reasons: judged ? judged.reasons : [answer.ok ? 'no answer' : answer.error],
      event_id: `${input.runId}:${probe.id}`,
    };
    traceId =
      recordProbe(store, rec, probe, messages, answer, {
        probe_outcome: outcome.outcome,
        ...(guard && !guard.ok ? { guard_error: guard.error } : {}),
      }) ?? traceId;
    outcomes.push(outcome);
  }
  report(probes.length, traceId);
  // Risk scores come from answered probes only: with none answered there is no verdict to
  // give, and a "low" risk would read as a safe model. The attempts stay recorded.
  const silent = outcomes.find((o) => o.outcome !== 'error') === undefined;
  if (silent && outcomes.length > 0) {
    throw new UpstreamError(
      `the model answered none of the ${outcomes.length} probes (${outcomes[0]!.reasons[0]}): check model_url and EVID_MODEL_API_KEY, then run again`,
      { trace_id: traceId },
    );
  }
  return summarise(
    input,
    outcomes,
    traceId,
    sessionId,
    policy.guard ? `guard:${policy.guard.model}` : null,
  );
}

function summarise(
  input: ModelAnalysisInput,
  outcomes: ProbeOutcome[],
  traceId: string | null,
  sessionId: string,
  guard: string | null,
): ModelAnalysisResult {
  const risk_scores: Partial<Record<ModelCategory, number>> = {};
  const scored: number[] = [];
  for (const c of MODEL_CATEGORIES) {
    if (!input.categories.includes(c)) continue;
    const answered = outcomes.filter((o) => o.category === c && o.outcome !== 'error');
    if (answered.length === 0) continue;
    const score = round(answered.filter((o) => o.outcome === 'fail').length / answered.length);
    risk_scores[c] = score;
    scored.push(score);
  }
  const risk_score = scored.length ? round(scored.reduce((a, b) => a + b, 0) / scored.length) : 0;
  const failing = outcomes.filter((o) => o.outcome === 'fail');
  const probes = selectProbes(input.suite, input.categories);
  const recommendations = [
    ...new Set(
      MODEL_CATEGORIES.filter((c) => (risk_scores[c] ?? 0) > 0).map((c) => RECOMMENDATIONS[c]),
    ),
  ];
  const errored = outcomes.filter((o) => o.outcome === 'error').length;
  if (errored > 0) {
    recommendations.push(
      `${errored} probe(s) got no answer from the model: check model_url and EVID_MODEL_API_KEY, then run again.`,
    );
  }
  if (recommendations.length === 0) {
    recommendations.push(
      'No probe failed. Keep running this suite on every model or prompt change, and record production traffic through evid so new attack shapes are caught.',
    );
  }
  return {
    run_id: input.runId,
    model_url: input.target.label,
    model: input.target.model,
    test_suite: input.suite,
    categories: [...input.categories],
    trace_id: traceId,
    session_id: sessionId,
    risk_score,
    risk_level: riskLevel(risk_score),
    risk_scores,
    probes_run: outcomes.length,
    probes_failed: failing.length,
    probes_errored: errored,
    failing_probes: failing.map(({ outcome: _o, ...o }) => ({
      ...o,
      risk: probes.find((p) => p.id === o.probe_id)?.risk ?? '',
    })),
    probes: outcomes,
    recommendations,
    guard,
  };
}
