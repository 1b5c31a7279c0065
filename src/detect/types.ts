/** Finding categories. A finding `type` is always `<category>.<subtype>`. */
export type Category =
  'pii' | 'secret' | 'prompt_injection' | 'jailbreak' | 'toxicity' | 'tool_misuse' | 'policy';

export const CATEGORIES: readonly Category[] = [
  'pii',
  'secret',
  'prompt_injection',
  'jailbreak',
  'toxicity',
  'tool_misuse',
  'policy',
];

export type Severity = 'low' | 'medium' | 'high' | 'critical';

export const SEVERITIES: readonly Severity[] = ['low', 'medium', 'high', 'critical'];

/** The event fields the ingest pipeline scans; any other name is accepted and scanned as text. */
export type FieldName = 'prompt' | 'completion' | 'tool_arguments' | 'tool_result' | (string & {});

export interface ScanField {
  field: FieldName;
  text: string;
}

/**
 * One finding. Offsets are UTF-16 code unit indices into the scanned field's text.
 * Neither `match_masked` nor `excerpt` ever holds a raw PII or secret value.
 */
export interface Detection {
  type: string;
  category: Category;
  score: number;
  severity: Severity;
  /** Which rule fired, e.g. `pii.credit_card:luhn` or `injection.override`. */
  detector: string;
  field: string;
  start: number;
  end: number;
  match_masked: string;
  /** About 80 characters around the match, with every sensitive span masked. */
  excerpt: string;
  /** sha256 hex of `type` + NUL + raw match (HMAC when a fingerprint key is configured). */
  fingerprint: string;
}

export interface CustomRule {
  /** `policy.<name>`. */
  type: string;
  kind: 'regex' | 'keywords';
  pattern?: string;
  keywords?: string[];
  severity: Severity;
  /** Score given to a match, 0..1 (default 0.9). */
  score?: number;
  description?: string;
  /** Regex rules only: match case-insensitively (keyword rules always do). */
  case_insensitive?: boolean;
}

export interface Policy {
  enabled_categories: Category[];
  thresholds: Partial<Record<Category, number>>;
  default_threshold: number;
  custom_rules: CustomRule[];
  severity_overrides: Record<string, Severity>;
  /** Store prompts and completions with detected spans replaced (see redactText). */
  redact_content: boolean;
  /** Hosts that tool calls may send data to without a data-exfiltration finding. */
  allowed_hosts?: string[];
  /** An optional guard model run after the rules (src/detect/guard/). */
  guard?: GuardConfig;
  /** Built-in rule ids (a finding's `detector`, e.g. `secretlint/slack`, or `prefix*`) that do not run. */
  disabled_rules?: string[];
  /** Opt-in built-in rule ids (e.g. `secret.high_entropy`) that run; the default runs none. */
  enabled_rules?: string[];
}

/** Wire formats a guard model may speak (src/detect/guard/README in src/detect/README.md). */
export type GuardFormat = 'llama-guard-3' | 'llama-guard-3-completions' | 'openai-moderation';

export interface GuardConfig {
  /** OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1. */
  endpoint: string;
  /** Model name sent with each request; also names the detector of its findings. */
  model: string;
  format: GuardFormat;
  /** A guard answer slower than this counts as a failure (ms, default 5000). */
  timeout_ms: number;
  /** Hazard codes that make findings (default all of S1-S14). */
  categories: string[];
  /** Name of an environment variable holding the guard's API key (never the key itself). */
  api_key_env?: string;
}
