import { guardText } from '../detect/guard/guard.js';
import { detectionsOf } from '../detect/guard/worker.js';
import type { Policy } from '../detect/types.js';
import { analyzeText, type TextAnalysisInput } from './text-analysis.js';

/** What the guard model said about the text, beside the rules' result. */
export interface GuardSummary {
  detector: string;
  ok: boolean;
  safe?: boolean;
  error?: string;
}

/**
 * Text analysis with the live policy's guard model (when it names one) after the rules: the
 * input is checked first (a 400 never waits on the guard), then the guard is asked once and
 * its verdict joins the rules' detections. A slow or down guard leaves the rules' answer,
 * with `guard.ok: false` and why: the route never fails because of it.
 */
export async function analyzeTextGuarded(
  input: TextAnalysisInput,
  policy: Policy,
): Promise<ReturnType<typeof analyzeText> & { guard?: GuardSummary }> {
  const rules = analyzeText(input, { policy });
  if (!policy.guard) return rules;
  const verdict = await guardText(input.content, policy.guard);
  if (!verdict.ok) {
    return { ...rules, guard: { detector: verdict.detector, ok: false, error: verdict.error } };
  }
  const summary: GuardSummary = { detector: verdict.detector, ok: true, safe: verdict.safe };
  if (verdict.safe) return { ...rules, guard: summary };
  // The same findings the background pass records for an event (one per named hazard).
  const found = detectionsOf(policy.guard, { event_id: 'text' }, 'content', verdict);
  return { ...analyzeText(input, { policy, extraDetections: () => found }), guard: summary };
}
