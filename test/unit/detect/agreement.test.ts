import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSamples, scoreSamples, type Sample } from '../../../src/detect/eval.js';

const fixtures = fileURLToPath(new URL('../../fixtures/detect/', import.meta.url));
const readersDir = join(fixtures, 'readers');

describe('scoring a labeller against the labels (scoreSamples)', () => {
  const samples: Sample[] = [
    { id: 'a', text: 'x', labels: ['secret.password'] },
    { id: 'b', text: 'y', labels: ['secret.jwt', 'secret.generic_api_key'] },
    { id: 'c', text: 'z', labels: [] },
  ];

  it('scores the labels against themselves as perfect', () => {
    const report = scoreSamples(samples, (s) => s.labels);
    expect(report.groups.secret).toMatchObject({ tp: 3, fp: 0, fn: 0, precision: 1, recall: 1 });
  });

  it('counts a wrong type as one false alarm and one miss, per label, and a find per sample', () => {
    const guess: Record<string, string[]> = {
      a: ['secret.generic_api_key'],
      b: ['secret.jwt'],
      c: ['secret.password'],
    };
    const report = scoreSamples(samples, (s) => guess[s.id] ?? []);
    expect(report.groups.secret).toMatchObject({ tp: 1, fp: 2, fn: 2 });
    // Per sample, a and b are found (some secret type raised), c is a false alarm.
    expect(report.flagged.secret).toMatchObject({ tp: 2, fp: 1, fn: 0 });
  });
});

describe('the independent readers of the held-out secret rounds', () => {
  const readers = readdirSync(readersDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const convention = readFileSync(join(readersDir, 'CONVENTION.md'), 'utf8');
  const types = new Set(convention.match(/`secret\.[a-z_0-9]+`/g)?.map((t) => t.slice(1, -1)));

  it('are two, each with a file per round they read', () => {
    expect(readers.length).toBe(2);
    for (const r of readers) expect(readdirSync(join(readersDir, r)).length).toBeGreaterThan(0);
  });

  it('labelled every held-out text of a round once, in types the convention names', () => {
    for (const reader of readers) {
      for (const file of readdirSync(join(readersDir, reader))) {
        const held = loadSamples(join(fixtures, 'heldout', file)).map((s) => s.id);
        const read = readFileSync(join(readersDir, reader, file), 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as { id: string; labels: string[] });
        expect(read.map((s) => s.id).sort(), `${reader}/${file}`).toEqual([...held].sort());
        for (const s of read) {
          for (const t of s.labels)
            expect(types.has(t), `${reader}/${file} ${s.id}: ${t}`).toBe(true);
        }
      }
    }
  });

  // From round 17 on, each answer quotes the value it rests on: a first pair of readers' answers
  // drifted onto neighbouring texts (an answer under the next text's id), which ids alone do
  // not show. The quote must occur in the text with the answer's own id.
  it("quote, where they quote, a value of the answer's own text", () => {
    let quoted = 0;
    for (const reader of readers) {
      for (const file of readdirSync(join(readersDir, reader))) {
        const held = new Map(
          loadSamples(join(fixtures, 'heldout', file)).map((s) => [s.id, s.text]),
        );
        const read = readFileSync(join(readersDir, reader, file), 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as { id: string; evidence?: string });
        for (const s of read) {
          if (s.evidence === undefined) continue;
          quoted++;
          expect(held.get(s.id), `${reader}/${file} ${s.id}`).toContain(s.evidence);
        }
      }
    }
    expect(quoted).toBeGreaterThanOrEqual(2 * 76);
  });
});
