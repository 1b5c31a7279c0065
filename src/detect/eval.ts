import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDetector } from './engine.js';
import type { Policy } from './types.js';

/**
 * Precision and recall over the labelled corpus (`test/fixtures/detect/*.jsonl`). A sample's
 * labels are the exact finding types expected at the policy's thresholds. Matching is by
 * type: a predicted type in the labels is a true positive, one not in them a false
 * positive, a label not predicted a false negative. Per-category figures add up their types.
 * A sample may name the `categories` it was labelled for (external sets label only
 * injection and jailbreak); findings of other categories are then not scored for it.
 */

export interface Sample {
  id: string;
  text: string;
  field?: string;
  labels: string[];
  categories?: string[];
  /** Where an external sample was taken from (repository and path, or URL). */
  source?: string;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
}

export interface SampleError {
  id: string;
  missed: string[];
  unexpected: string[];
}

export interface EvalReport {
  samples: number;
  categories: Record<string, Counts>;
  types: Record<string, Counts>;
  /** Named groups the quality goals are stated for. */
  groups: Record<string, Counts>;
  /**
   * Per sample rather than per type: a sample with any label of the group counts as found
   * when any finding of the group is raised for it (the "was it flagged at all" view).
   */
  flagged: Record<string, Counts>;
  errors: SampleError[];
}

export const STRUCTURED_PII_TYPES = [
  'pii.email',
  'pii.phone',
  'pii.ssn',
  'pii.credit_card',
  'pii.iban',
  'pii.ipv4',
  'pii.ipv6',
];

const GROUPS: Record<string, (type: string) => boolean> = {
  structured_pii: (t) => STRUCTURED_PII_TYPES.includes(t),
  secret: (t) => t.startsWith('secret.'),
  prompt_injection: (t) => t.startsWith('prompt_injection.'),
  jailbreak: (t) => t.startsWith('jailbreak.'),
  // Round 7 (secrets, personal data, toxicity): every personal-data type, names included.
  pii: (t) => t.startsWith('pii.'),
  toxicity: (t) => t.startsWith('toxicity.'),
};

/** Samples of one JSONL file, in file order. */
export function loadSamples(file: string): Sample[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      if (line.trim() === '') return [];
      const s = JSON.parse(line) as Sample;
      if (typeof s.text !== 'string' || !Array.isArray(s.labels)) {
        throw new Error(`${file}:${i + 1}: a sample needs "text" and "labels"`);
      }
      return [s];
    });
}

/** Every `*.jsonl` directly in `dir` (sub-directories, such as held-out sets, are not read). */
export function loadCorpus(dir: string): Sample[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => loadSamples(join(dir, f)));
}

function finish(c: { tp: number; fp: number; fn: number }): Counts {
  const precision = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  return { ...c, precision, recall };
}

export function evaluateCorpus(dir: string, policy?: Policy): EvalReport {
  return evaluateSamples(loadCorpus(dir), policy);
}

export function evaluateSamples(samples: readonly Sample[], policy?: Policy): EvalReport {
  const detector = createDetector(policy);
  return scoreSamples(samples, (s) => {
    const scope = s.categories ? new Set(s.categories) : undefined;
    return detector
      .scanEvent([{ field: s.field ?? 'prompt', text: s.text }])
      .filter((d) => !scope || scope.has(d.category))
      .map((d) => d.type);
  });
}

/**
 * Scores any labeller against the samples' labels by the rule above: `predict` gives the
 * types it found in a sample (the detector, or another reader's labels for the same text).
 */
export function scoreSamples(
  samples: readonly Sample[],
  predict: (sample: Sample) => readonly string[],
): EvalReport {
  type Tally = { tp: number; fp: number; fn: number };
  const types = new Map<string, Tally>();
  const bump = (map: Map<string, Tally>, key: string, k: keyof Tally) => {
    const c = map.get(key) ?? { tp: 0, fp: 0, fn: 0 };
    c[k]++;
    map.set(key, c);
  };
  const flagged = new Map<string, Tally>();
  const errors: SampleError[] = [];
  for (const s of samples) {
    const found = new Set(predict(s));
    const labels = new Set(s.labels);
    for (const t of found) bump(types, t, labels.has(t) ? 'tp' : 'fp');
    for (const t of labels) if (!found.has(t)) bump(types, t, 'fn');
    for (const [group, pick] of Object.entries(GROUPS)) {
      const want = [...labels].some(pick);
      const got = [...found].some(pick);
      if (want || got) bump(flagged, group, want && got ? 'tp' : want ? 'fn' : 'fp');
    }
    const missed = [...labels].filter((t) => !found.has(t));
    const unexpected = [...found].filter((t) => !labels.has(t));
    if (missed.length || unexpected.length) errors.push({ id: s.id, missed, unexpected });
  }
  const sum = (pick: (type: string) => boolean) => {
    const c = { tp: 0, fp: 0, fn: 0 };
    for (const [t, v] of types) {
      if (!pick(t)) continue;
      c.tp += v.tp;
      c.fp += v.fp;
      c.fn += v.fn;
    }
    return finish(c);
  };
  const categories: Record<string, Counts> = {};
  for (const cat of new Set([...types.keys()].map((t) => t.split('.')[0] as string)).values()) {
    categories[cat] = sum((t) => t.startsWith(`${cat}.`));
  }
  const typeCounts: Record<string, Counts> = {};
  for (const [t, v] of [...types].sort(([a], [b]) => a.localeCompare(b))) typeCounts[t] = finish(v);
  const groups: Record<string, Counts> = {};
  const flaggedCounts: Record<string, Counts> = {};
  for (const [group, pick] of Object.entries(GROUPS)) {
    groups[group] = sum(pick);
    flaggedCounts[group] = finish(flagged.get(group) ?? { tp: 0, fp: 0, fn: 0 });
  }
  return {
    samples: samples.length,
    categories,
    types: typeCounts,
    groups,
    flagged: flaggedCounts,
    errors,
  };
}
