import type { Detector } from '../rule.js';
import { HIDDEN_DETECTORS } from './hidden.js';
import { INDIRECT_DETECTORS } from './indirect.js';
import { INJECTION_DETECTORS } from './injection.js';
import { JAILBREAK_DETECTORS } from './jailbreak.js';
import { PII_DETECTORS } from './pii.js';
import { SECRET_DETECTORS } from './secret.js';
import { highEntropySecret } from './secret-entropy.js';
import { TOOL_MISUSE_DETECTORS } from './tool-misuse.js';
import { TOXICITY_DETECTORS } from './toxicity.js';

/** Every built-in detector, in priority order (earlier wins ties on overlapping spans). */
export const BUILTIN_DETECTORS: readonly Detector[] = [
  ...SECRET_DETECTORS,
  highEntropySecret, // opt-in: runs only when a policy's enabled_rules names it
  ...PII_DETECTORS,
  ...INJECTION_DETECTORS,
  ...HIDDEN_DETECTORS,
  ...INDIRECT_DETECTORS,
  ...JAILBREAK_DETECTORS,
  ...TOXICITY_DETECTORS,
  ...TOOL_MISUSE_DETECTORS,
];

/** Finding types the built-in detectors can emit, plus the engine's re-typing. */
export const BUILTIN_FINDING_TYPES: readonly string[] = [
  ...new Set([...BUILTIN_DETECTORS.flatMap((d) => d.types), 'prompt_injection.indirect']),
].sort();
