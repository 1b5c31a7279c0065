import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN_DETECTORS } from '../../../src/detect/detectors/index.js';
import { parsePolicy } from '../../../src/detect/policy.js';

// A stored policy is parsed on every read, so a rule id it names in `disabled_rules` that a
// later version dropped would fail every ingest on that store after an upgrade. The list holds
// every id a release shipped (audited back to the commit that introduced `disabled_rules`).
const RELEASED = readFileSync(
  new URL('../../fixtures/detect/released-rule-ids.txt', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));

describe('released rule ids', () => {
  it('every released id still parses in a policy (kept, or renamed with an alias)', () => {
    const refused = RELEASED.filter((id) => {
      try {
        parsePolicy({ disabled_rules: [id] });
        return false;
      } catch {
        return true;
      }
    });
    expect(refused).toEqual([]);
  });

  it('lists every built-in rule id (add a new rule id to released-rule-ids.txt)', () => {
    const listed = new Set(RELEASED);
    expect(BUILTIN_DETECTORS.map((d) => d.id).filter((id) => !listed.has(id))).toEqual([]);
  });
});
