import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDetector } from './engine.js';
import type { Policy } from './types.js';

/**
 * Precision and recall over the labelled corpus (`test/fixtures/detect/*.jsonl`). A sample's
 * labels are the exact finding types expected at the policy's thresholds. Matching is by
 * type: a predicted type in the labels is a true positive, one not in them a false
 * positive, a label not predicted a false negative. Per-category figures add up their types.
 */

export interface Sample {
  id: string;
  text: string;
  field?: string;
  labels: string[];
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

export function loadCorpus(dir: string): Sample[] {
  const samples: Sample[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const s = JSON.parse(line) as Sample;
      if (typeof s.text !== 'string' || !Array.isArray(s.labels)) {
        throw new Error(`${file}:${i + 1}: a sample needs "text" and "labels"`);
      }
      samples.push(s);
    });
  }
  return samples;
}

function finish(c: { tp: number; fp: number; fn: number }): Counts {
  const precision = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  return { ...c, precision, recall };
}

export function evaluateCorpus(dir: string, policy?: Policy): EvalReport {
  const samples = loadCorpus(dir);
  const detector = createDetector(policy);
  const types = new Map<string, { tp: number; fp: number; fn: number }>();
  const bump = (type: string, key: 'tp' | 'fp' | 'fn') => {
    const c = types.get(type) ?? { tp: 0, fp: 0, fn: 0 };
    c[key]++;
    types.set(type, c);
  };
  const errors: SampleError[] = [];
  for (const s of samples) {
    const found = new Set(
      detector.scanEvent([{ field: s.field ?? 'prompt', text: s.text }]).map((d) => d.type),
    );
    const labels = new Set(s.labels);
    for (const t of found) bump(t, labels.has(t) ? 'tp' : 'fp');
    for (const t of labels) if (!found.has(t)) bump(t, 'fn');
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
  return {
    samples: samples.length,
    categories,
    types: typeCounts,
    groups: {
      structured_pii: sum((t) => STRUCTURED_PII_TYPES.includes(t)),
      secret: sum((t) => t.startsWith('secret.')),
      prompt_injection: sum((t) => t.startsWith('prompt_injection.')),
      jailbreak: sum((t) => t.startsWith('jailbreak.')),
    },
    errors,
  };
}
