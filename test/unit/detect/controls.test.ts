import { describe, expect, it } from 'vitest';
import {
  CONTROLS,
  CONTROL_MAPPINGS,
  controlById,
  controlsForFindingType,
} from '../../../src/compliance/controls.js';
import { BUILTIN_FINDING_TYPES } from '../../../src/detect/detectors/index.js';

describe('control table', () => {
  it('has unique ids, each with regulation, reference, title and citation', () => {
    expect(new Set(CONTROLS.map((c) => c.id)).size).toBe(CONTROLS.length);
    for (const c of CONTROLS) {
      expect(c.id.startsWith(`${c.regulation}:`), c.id).toBe(true);
      expect(c.ref.length, c.id).toBeGreaterThan(0);
      expect(c.title.length, c.id).toBeGreaterThan(0);
      expect(c.citation.length, c.id).toBeGreaterThan(40);
    }
  });

  it('covers the articles and criteria the issue names', () => {
    const refs = (regulation: string) =>
      CONTROLS.filter((c) => c.regulation === regulation).map((c) => c.ref);
    for (const art of [
      'Art. 9',
      'Art. 10',
      'Art. 12(1)',
      'Art. 13(3)(f)',
      'Art. 14',
      'Art. 15',
      'Art. 15(5)',
      'Art. 26(5)',
      'Art. 26(6)',
    ]) {
      expect(refs('eu-ai-act')).toContain(art);
    }
    for (const art of [
      'Art. 5(1)(c)',
      'Art. 5(1)(f)',
      'Art. 25',
      'Art. 30',
      'Art. 32',
      'Art. 33',
      'Art. 35',
    ]) {
      expect(refs('gdpr')).toContain(art);
    }
    for (const fn of ['GOVERN', 'MAP', 'MEASURE', 'MANAGE']) {
      expect(
        refs('nist-ai-rmf').some((r) => r.startsWith(fn)),
        fn,
      ).toBe(true);
    }
    expect(refs('iso-42001').every((r) => r.startsWith('A.'))).toBe(true);
    expect(refs('soc2')).toEqual(expect.arrayContaining(['CC6.1', 'CC7.2']));
  });

  it('every mapping points at controls that exist', () => {
    for (const m of CONTROL_MAPPINGS)
      for (const id of m.controls) expect(controlById(id), `${m.match} -> ${id}`).toBeDefined();
  });
});

describe('controlsForFindingType', () => {
  it('maps every finding type the engine can emit to at least one control', () => {
    expect(BUILTIN_FINDING_TYPES.length).toBeGreaterThan(30);
    for (const type of BUILTIN_FINDING_TYPES) {
      expect(controlsForFindingType(type).length, type).toBeGreaterThan(0);
    }
  });

  it('maps any custom policy.* type', () => {
    expect(controlsForFindingType('policy.codename').map((c) => c.id)).toContain(
      'eu-ai-act:art-26-5',
    );
  });

  it('follows the default mapping', () => {
    const ids = (t: string) => controlsForFindingType(t).map((c) => c.id);
    expect(ids('pii.email')).toEqual(
      expect.arrayContaining(['gdpr:art-5-1-c', 'gdpr:art-32-1-a', 'nist-ai-rmf:measure-2-10']),
    );
    expect(ids('secret.aws_access_key')).toEqual(
      expect.arrayContaining(['eu-ai-act:art-15', 'soc2:cc6-1']),
    );
    expect(ids('prompt_injection.override')).toEqual(
      expect.arrayContaining(['eu-ai-act:art-15-5', 'owasp-llm:llm01']),
    );
    expect(ids('prompt_injection.system_prompt_extraction')).toContain('owasp-llm:llm07');
    expect(ids('tool_misuse.destructive_shell')).toEqual(
      expect.arrayContaining(['eu-ai-act:art-14', 'owasp-llm:llm06']),
    );
    expect(ids('unknown.thing')).toEqual([]);
  });
});
