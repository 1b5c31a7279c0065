import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanWith } from '../../../src/detect/audit-detectors.js';
import { loadSamples } from '../../../src/detect/eval.js';
import { DEFAULT_POLICY, compilePolicy } from '../../../src/detect/policy.js';
import type { Detector } from '../../../src/detect/rule.js';
import { buildTriggerIndex } from '../../../src/detect/triggers.js';

/**
 * The trigger pre-filter's contract, property-style over every labelled text (tuning corpus
 * and held-out sets): a detector that finds anything when run without the pre-filter is
 * among the detectors the pre-filter selects. Each text is also tried in variants that
 * move the scan's shortcuts (no capitals, so exact-case and capitalised literals are
 * skipped; all capitals, which a case-sensitive literal such as `~agent` misses; a character beyond Latin-1 whose low byte is '@'), in the fields with
 * field-specific rules.
 */

const CORPUS = fileURLToPath(new URL('../../fixtures/detect/', import.meta.url));
const jsonl = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(dir, f));
const SAMPLES = [...jsonl(CORPUS), ...jsonl(join(CORPUS, 'heldout'))].flatMap(loadSamples);

/**
 * The text, and for a quarter of the samples the variants (all of them would take minutes).
 * The quarter is picked by a hash of the sample's id, not its position, so adding a fixture
 * file does not change which samples are checked.
 */
const variants = (text: string, id: string): string[] =>
  createHash('sha256').update(id).digest()[0]! % 4 === 0
    ? [text, text.toLowerCase(), text.toUpperCase(), `\u0140 ${text}`]
    : [text];

const FIELDS = ['prompt', 'tool_result', 'completion', 'content'];

describe('trigger pre-filter contract', () => {
  const detectors = compilePolicy(DEFAULT_POLICY).detectors;
  const index = buildTriggerIndex(detectors);

  it('has fixtures to check (tuning corpus and held-out sets)', () => {
    expect(SAMPLES.length).toBeGreaterThan(1000);
    expect(jsonl(join(CORPUS, 'heldout')).length).toBeGreaterThan(0);
  });

  it('selects every detector that matches the text when run without it', () => {
    const missed: string[] = [];
    let matched = 0;
    SAMPLES.forEach((s) => {
      for (const text of variants(s.text, s.id)) {
        const selected = index.select(text);
        detectors.forEach((d: Detector, i) => {
          // Field-specific detectors in their fields; the others are the same in any field.
          const fields = d.fields ? [...d.fields].filter((f) => FIELDS.includes(f)) : ['prompt'];
          for (const field of fields) {
            if (scanWith(d, text, field).length === 0) continue;
            matched++;
            if (selected[i] !== 1) missed.push(`${s.id} (${field}) ${d.id}`);
          }
        });
      }
    });
    expect(missed).toEqual([]);
    // The property is not vacuous: thousands of (text, detector) matches were checked.
    expect(matched).toBeGreaterThan(1000);
  });

  it('lists exactly the selected detectors, in ascending order', () => {
    for (const s of SAMPLES.slice(0, 400)) {
      const flags = Array.from(index.select(s.text));
      const { ids, count } = index.selectIds(s.text);
      expect(Array.from(ids.subarray(0, count))).toEqual(
        flags.flatMap((v, i) => (v === 1 ? [i] : [])),
      );
    }
  });
});

describe('substring shortcuts', () => {
  const allows = (triggers: string[][], text: string) =>
    buildTriggerIndex([
      { id: 't', category: 'pii', types: [], patterns: [], triggers, scan() {} },
    ]).select(text)[0] === 1;

  it.each([
    [[['~<|']], 'a <|im_start|> b', true],
    [[['~<|']], 'a < b | c', false],
    [[['~AIza']], 'key AIzaSyA', true],
    [[['~AIza']], 'key aiza', false],
    [[['=DAN']], 'hello DAN', true],
    [[['=DAN']], 'hello dan', false],
    // Beyond Latin-1 the scan sees only a character's low byte: U+0140 is not an '@'.
    [[['#at']], 'mail \u0140 box', false],
    [[['#at']], 'mail \u0140 a@b.co', true],
    [[['#colon']], '\u013a only', false],
    [[['#colon']], '\u0140 key: v', true],
    // A literal beyond Latin-1 is looked for only in a text holding such a character.
    [[['~비밀번호']], '비밀번호: v', true],
    [[['~비밀번호']], '암호: v', false],
    [[['~hasło']], 'Hasło: v, hasło: w', true],
    [[['~hasło']], 'hasBo: v', false],
    // A word of 32+ hex characters with a digit (a digest, a key's hex part).
    [[['#hex32']], `pat.${'9143f556c6c75a24'.repeat(2)}`, true],
    [[['#hex32']], `x ${'9143F556C6C75A24'.repeat(2)} y`, true],
    [[['#hex32']], `x ${'9143f556c6c75a2'.repeat(2)} y`, false],
    [[['#hex32']], `x ${'abcdef'.repeat(6)} y`, false],
    [[['#hex32']], `x ${'9143f556c6c75a24g'.repeat(2)} y`, false],
  ])('%j on %j -> %s', (triggers, text, expected) => {
    expect(allows(triggers, text)).toBe(expected);
  });
});
