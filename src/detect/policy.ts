import { ValidationError } from '../errors.js';
import { BUILTIN_DETECTORS } from './detectors/index.js';
import { customDetectors } from './custom-rules.js';
import { parseGuardConfig } from './guard/config.js';
import { UnsupportedPatternError, compileLinear, type LinearPattern } from './linear-regex.js';
import type { Detector } from './rule.js';
import { buildTriggerIndex, type TriggerIndex } from './triggers.js';
import {
  CATEGORIES,
  SEVERITIES,
  type Category,
  type CustomRule,
  type Policy,
  type Severity,
} from './types.js';

/**
 * The live detection policy: which categories run, thresholds, custom rules, severity
 * overrides, content redaction. `parsePolicy` refuses a whole file on the first broken
 * rule, naming the field and the rule it breaks.
 */

export const DEFAULT_THRESHOLD = 0.7;
const MAX_PATTERN_LENGTH = 1000;
const MAX_KEYWORDS = 1000;

/** The built-in policy: every category, threshold 0.7, no custom rules. Deeply frozen. */
export const DEFAULT_POLICY: Policy = Object.freeze({
  enabled_categories: Object.freeze([...CATEGORIES]),
  thresholds: Object.freeze({}),
  default_threshold: DEFAULT_THRESHOLD,
  custom_rules: Object.freeze([]),
  severity_overrides: Object.freeze({}),
  redact_content: false,
  allowed_hosts: Object.freeze([]),
}) as unknown as Policy;

const POLICY_KEYS = [
  'enabled_categories',
  'thresholds',
  'default_threshold',
  'custom_rules',
  'severity_overrides',
  'redact_content',
  'allowed_hosts',
  'guard',
  'disabled_rules',
  'enabled_rules',
] as const;
const RULE_KEYS = [
  'type',
  'kind',
  'pattern',
  'keywords',
  'severity',
  'score',
  'description',
  'case_insensitive',
];
const RULE_TYPE = /^policy\.[a-z0-9_]+(?:\.[a-z0-9_]+)*$/;
const FINDING_TYPE = /^([a-z_]+)(?:\.[a-z0-9_]+)*$/;
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

const fail = (field: string, rule: string): never => {
  throw new ValidationError(`${field}: ${rule}`, { field, rule });
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function checkKeys(obj: Record<string, unknown>, allowed: readonly string[], at: string): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) {
      fail(at ? `${at}.${key}` : key, `unknown field (allowed: ${allowed.join(', ')})`);
    }
  }
}

function threshold(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) {
    fail(field, 'must be a number from 0 to 1');
  }
  return v as number;
}

function category(v: unknown, field: string): Category {
  if (typeof v !== 'string' || !(CATEGORIES as readonly string[]).includes(v)) {
    fail(field, `unknown category ${JSON.stringify(v)} (allowed: ${CATEGORIES.join(', ')})`);
  }
  return v as Category;
}

function severity(v: unknown, field: string): Severity {
  if (typeof v !== 'string' || !(SEVERITIES as readonly string[]).includes(v)) {
    fail(field, `must be one of ${SEVERITIES.join(', ')}`);
  }
  return v as Severity;
}

/**
 * Rule ids that were renamed, old -> new. A stored policy is parsed again on every read, so a
 * policy written before a rename must still parse and still switch the rule off: an id that
 * no longer exists would fail every ingest on the store (docs/detection.md, "Switching a rule
 * off").
 */
const RENAMED_RULES: Readonly<Record<string, string>> = {
  // Session 13: an age secret key is a private key (round 14).
  'secret.generic_api_key:age': 'secret.private_key:age',
};

/** Validates a policy document; missing fields take their defaults. */
export function parsePolicy(input: unknown): Policy {
  if (!isObject(input)) return fail('policy', 'must be a JSON object');
  checkKeys(input, POLICY_KEYS, '');
  const policy: Policy = {
    enabled_categories: [...DEFAULT_POLICY.enabled_categories],
    thresholds: {},
    default_threshold: DEFAULT_THRESHOLD,
    custom_rules: [],
    severity_overrides: {},
    redact_content: false,
    allowed_hosts: [],
  };
  if (input.enabled_categories !== undefined) {
    const list = input.enabled_categories;
    if (!Array.isArray(list)) return fail('enabled_categories', 'must be an array of categories');
    policy.enabled_categories = [
      ...new Set(list.map((c, i) => category(c, `enabled_categories[${i}]`))),
    ];
  }
  if (input.thresholds !== undefined) {
    if (!isObject(input.thresholds))
      return fail('thresholds', 'must be an object of category: number');
    for (const [key, value] of Object.entries(input.thresholds)) {
      policy.thresholds[category(key, `thresholds.${key}`)] = threshold(value, `thresholds.${key}`);
    }
  }
  if (input.default_threshold !== undefined) {
    policy.default_threshold = threshold(input.default_threshold, 'default_threshold');
  }
  if (input.custom_rules !== undefined) {
    if (!Array.isArray(input.custom_rules))
      return fail('custom_rules', 'must be an array of rules');
    policy.custom_rules = input.custom_rules.map((r, i) => parseRule(r, `custom_rules[${i}]`));
  }
  if (input.severity_overrides !== undefined) {
    if (!isObject(input.severity_overrides)) {
      return fail('severity_overrides', 'must be an object of finding type: severity');
    }
    for (const [key, value] of Object.entries(input.severity_overrides)) {
      const at = `severity_overrides.${key}`;
      const m = FINDING_TYPE.exec(key);
      if (!m) fail(at, 'must name a finding type such as pii.email or a category');
      category(m?.[1], at);
      policy.severity_overrides[key] = severity(value, at);
    }
  }
  if (input.redact_content !== undefined) {
    if (typeof input.redact_content !== 'boolean') fail('redact_content', 'must be true or false');
    policy.redact_content = input.redact_content as boolean;
  }
  if (input.allowed_hosts !== undefined) {
    const hosts = input.allowed_hosts;
    if (!Array.isArray(hosts)) return fail('allowed_hosts', 'must be an array of host names');
    policy.allowed_hosts = hosts.map((h, i) => {
      if (typeof h !== 'string' || !HOST.test(h))
        fail(`allowed_hosts[${i}]`, 'must be a host name');
      return (h as string).toLowerCase();
    });
  }
  if (input.guard !== undefined && input.guard !== null) {
    policy.guard = parseGuardConfig(input.guard);
  }
  if (input.disabled_rules !== undefined) {
    const ids = input.disabled_rules;
    if (!Array.isArray(ids)) return fail('disabled_rules', 'must be an array of rule ids');
    policy.disabled_rules = ids.map((given, i) => {
      const id = typeof given === 'string' ? (RENAMED_RULES[given] ?? given) : given;
      if (typeof id !== 'string' || !BUILTIN_DETECTORS.some((d) => ruleMatches(id, d.id)))
        fail(
          `disabled_rules[${i}]`,
          'must name a built-in rule (a finding\'s "detector", or a prefix ending in *)',
        );
      return id as string;
    });
  }
  if (input.enabled_rules !== undefined) {
    const ids = input.enabled_rules;
    if (!Array.isArray(ids)) return fail('enabled_rules', 'must be an array of rule ids');
    const optIn = BUILTIN_DETECTORS.filter((d) => d.optIn);
    policy.enabled_rules = ids.map((id, i) => {
      if (typeof id !== 'string' || !optIn.some((d) => ruleMatches(id, d.id)))
        fail(
          `enabled_rules[${i}]`,
          `must name an opt-in built-in rule (${optIn.map((d) => d.id).join(', ')})`,
        );
      return id as string;
    });
  }
  return policy;
}

/** `secretlint/*` disables every secretlint rule; other ids match exactly. */
function ruleMatches(pattern: string, id: string): boolean {
  return pattern.endsWith('*') ? id.startsWith(pattern.slice(0, -1)) : id === pattern;
}

function parseRule(input: unknown, at: string): CustomRule {
  if (!isObject(input)) return fail(at, 'must be an object');
  checkKeys(input, RULE_KEYS, at);
  const { type, kind, pattern, keywords, score, description, case_insensitive } = input;
  if (typeof type !== 'string' || !RULE_TYPE.test(type)) {
    fail(`${at}.type`, 'must be "policy.<name>" (lower-case letters, digits and _)');
  }
  if (kind !== 'regex' && kind !== 'keywords') fail(`${at}.kind`, 'must be "regex" or "keywords"');
  const rule: CustomRule = {
    type: type as string,
    kind: kind as CustomRule['kind'],
    severity: severity(input.severity, `${at}.severity`),
  };
  if (kind === 'regex') {
    if (keywords !== undefined) fail(`${at}.keywords`, 'only allowed when kind is "keywords"');
    if (
      typeof pattern !== 'string' ||
      pattern.length === 0 ||
      pattern.length > MAX_PATTERN_LENGTH
    ) {
      fail(
        `${at}.pattern`,
        `must be a regular expression of 1 to ${MAX_PATTERN_LENGTH} characters`,
      );
    }
    checkPattern(pattern as string, case_insensitive === true, `${at}.pattern`);
    rule.pattern = pattern as string;
  } else {
    if (pattern !== undefined) fail(`${at}.pattern`, 'only allowed when kind is "regex"');
    if (
      !Array.isArray(keywords) ||
      keywords.length === 0 ||
      keywords.length > MAX_KEYWORDS ||
      !keywords.every((k) => typeof k === 'string' && k.trim().length > 0 && k.length <= 200)
    ) {
      fail(
        `${at}.keywords`,
        `must be 1 to ${MAX_KEYWORDS} non-empty strings of at most 200 characters`,
      );
    }
    rule.keywords = [...(keywords as string[])];
  }
  if (score !== undefined) rule.score = threshold(score, `${at}.score`);
  if (description !== undefined) {
    if (typeof description !== 'string') fail(`${at}.description`, 'must be a string');
    rule.description = description as string;
  }
  if (case_insensitive !== undefined) {
    if (typeof case_insensitive !== 'boolean')
      fail(`${at}.case_insensitive`, 'must be true or false');
    rule.case_insensitive = case_insensitive as boolean;
  }
  return rule;
}

/**
 * The documented format is a JavaScript regular expression, so a pattern must first be one;
 * then the linear-time engine must take it (no backreferences, no lookaround).
 */
function checkPattern(pattern: string, ci: boolean, field: string): void {
  try {
    new RegExp(pattern, ci ? 'gi' : 'g');
  } catch (err) {
    return fail(field, `invalid regular expression: ${(err as Error).message}`);
  }
  let linear: LinearPattern;
  try {
    linear = compileLinear(pattern, ci);
  } catch (err) {
    if (err instanceof UnsupportedPatternError) return fail(field, err.message);
    throw err;
  }
  if (linear.matchesEmpty()) fail(field, 'must not match the empty string');
}

/** A policy turned into detectors and lookup tables; cached per policy object. */
export interface CompiledPolicy {
  readonly policy: Policy;
  readonly detectors: readonly Detector[];
  /** Which detectors can match a given field (one pass per field). */
  readonly triggers: TriggerIndex;
  readonly thresholds: Readonly<Record<Category, number>>;
  readonly severityOverrides: ReadonlyMap<string, Severity>;
  readonly allowedHosts: ReadonlySet<string>;
}

const compiledCache = new WeakMap<Policy, CompiledPolicy>();
const compiledByContent = new Map<string, CompiledPolicy>();
const CONTENT_CACHE_LIMIT = 16;

export function compilePolicy(policy: Policy): CompiledPolicy {
  const cached = compiledCache.get(policy);
  if (cached) return cached;
  // The live policy is re-read per ingest batch: equal documents share one compilation.
  const key = JSON.stringify(policy);
  const same = compiledByContent.get(key);
  if (same) {
    compiledCache.set(policy, same);
    return same;
  }
  parsePolicy(policy); // a policy built in code gets the same checks as a policy file
  const enabled = new Set(policy.enabled_categories);
  const thresholds = {} as Record<Category, number>;
  for (const c of CATEGORIES) thresholds[c] = policy.thresholds[c] ?? policy.default_threshold;
  const disabled = policy.disabled_rules ?? [];
  const optedIn = policy.enabled_rules ?? [];
  // Opt-in rules are left out here, before the trigger index is built: a policy that does not
  // name them pays nothing for them. disabled_rules wins over enabled_rules.
  const detectors = BUILTIN_DETECTORS.filter(
    (d) =>
      enabled.has(d.category) &&
      (!d.optIn || optedIn.some((p) => ruleMatches(p, d.id))) &&
      !disabled.some((p) => ruleMatches(p, d.id)),
  );
  if (enabled.has('policy')) detectors.push(...customDetectors(policy.custom_rules));
  const compiled: CompiledPolicy = {
    policy,
    detectors,
    triggers: buildTriggerIndex(detectors),
    thresholds,
    severityOverrides: new Map(Object.entries(policy.severity_overrides)),
    allowedHosts: new Set((policy.allowed_hosts ?? []).map((h) => h.toLowerCase())),
  };
  compiledCache.set(policy, compiled);
  if (compiledByContent.size >= CONTENT_CACHE_LIMIT) compiledByContent.clear();
  compiledByContent.set(key, compiled);
  return compiled;
}
