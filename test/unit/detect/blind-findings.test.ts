import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSamples, scoreSamples } from '../../../src/detect/eval.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/detect/', import.meta.url));

// The secret findings each round's scoring build gave on its held-out half (the build is
// named in blind-findings/README.md). They are what the README's blind figures were scored
// from, and what scripts/eval-learned-secrets.mjs adds a model's findings to; scoring them
// again must give the published figures, per label, exactly.
const PUBLISHED: Record<number, [precision: number, recall: number]> = {
  11: [0.843, 0.827],
  12: [0.619, 0.684],
  13: [0.667, 0.732],
  14: [0.949, 0.822],
  15: [0.813, 0.667],
  16: [0.609, 0.412],
  17: [0.814, 0.795],
  18: [0.886, 0.886],
  19: [0.8, 0.824],
  20: [0.5, 0.231],
};

interface Found {
  type: string;
  detector: string;
  start: number;
  end: number;
}

describe('blind findings of the scored rounds', () => {
  for (const [round, [precision, recall]] of Object.entries(PUBLISHED)) {
    it(`round ${round}: one line per held-out text, scoring ${precision} / ${recall}`, () => {
      const held = loadSamples(join(FIXTURES, 'heldout', `external${round}-heldout.jsonl`));
      const lines = readFileSync(join(FIXTURES, 'blind-findings', `round${round}.jsonl`), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string; found: Found[] });
      expect(lines.map((l) => l.id)).toEqual(held.map((s) => s.id));
      const found = new Map(lines.map((l) => [l.id, l.found]));
      for (const s of held) {
        for (const f of found.get(s.id) ?? []) {
          expect(f.type).toMatch(/^secret\./);
          expect(f.end).toBeLessThanOrEqual(s.text.length);
        }
      }
      const report = scoreSamples(held, (s) => (found.get(s.id) ?? []).map((f) => f.type));
      expect(report.groups.secret.precision.toFixed(3)).toBe(precision.toFixed(3));
      expect(report.groups.secret.recall.toFixed(3)).toBe(recall.toFixed(3));
    });
  }
});
