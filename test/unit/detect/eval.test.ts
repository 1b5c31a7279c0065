import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateCorpus, loadCorpus } from '../../../src/detect/eval.js';

const CORPUS = fileURLToPath(new URL('../../fixtures/detect/', import.meta.url));

// Quality goals from the issue. The corpus labels are the finding types expected at the
// default threshold; see src/detect/README.md for the labelling decisions.
const GOALS = {
  structured_pii: { precision: 0.97, recall: 0.95 },
  secret: { precision: 0.97, recall: 0.95 },
  prompt_injection: { precision: 0.9, recall: 0.85 },
  jailbreak: { precision: 0.9, recall: 0.85 },
} as const;

describe('labelled detection corpus', () => {
  const report = evaluateCorpus(CORPUS);

  it('has at least 400 samples, a third of them hard negatives', () => {
    const samples = loadCorpus(CORPUS);
    expect(samples.length).toBeGreaterThanOrEqual(400);
    expect(samples.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(130);
    expect(new Set(samples.map((s) => s.id)).size).toBe(samples.length);
  });

  for (const [group, goal] of Object.entries(GOALS)) {
    it(`${group}: precision >= ${goal.precision} and recall >= ${goal.recall}`, () => {
      const counts = report.groups[group];
      expect(counts, group).toBeDefined();
      const detail = `${group}: ${JSON.stringify(counts)}; errors: ${JSON.stringify(
        report.errors.filter((e) =>
          [...e.missed, ...e.unexpected].some((t) =>
            t.startsWith(group === 'structured_pii' ? 'pii.' : `${group}.`),
          ),
        ),
      )}`;
      expect(counts!.precision, detail).toBeGreaterThanOrEqual(goal.precision);
      expect(counts!.recall, detail).toBeGreaterThanOrEqual(goal.recall);
    });
  }

  it('labels only finding types the engine can emit', async () => {
    const { BUILTIN_FINDING_TYPES } = await import('../../../src/detect/detectors/index.js');
    const known = new Set(BUILTIN_FINDING_TYPES);
    const unknown = loadCorpus(CORPUS).flatMap((s) => s.labels.filter((l) => !known.has(l)));
    expect(unknown).toEqual([]);
  });
});
