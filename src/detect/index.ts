/** Detection: the one entry point the CLI and the ingest pipeline import (lazily). */
export type {
  Category,
  CustomRule,
  Detection,
  FieldName,
  Policy,
  ScanField,
  Severity,
} from './types.js';
export { CATEGORIES, SEVERITIES } from './types.js';
export { DEFAULT_POLICY, DEFAULT_THRESHOLD, compilePolicy, parsePolicy } from './policy.js';
export type { CompiledPolicy } from './policy.js';
export { createDetector, dedupeDetections, severityFor } from './engine.js';
export type { DetectorOptions, EventDetector } from './engine.js';
export { analyzeText, THRESHOLD_RULE } from './analyze.js';
export type { AnalyzeOptions, Concern, TextAnalysis } from './analyze.js';
export { redactText } from './redact.js';
export type { RedactOptions } from './redact.js';
export { BUILTIN_FINDING_TYPES } from './detectors/index.js';
export {
  ADVERSARIAL_SHAPES,
  auditPatternScaling,
  measurePatternScaling,
  patternsForAudit,
} from './audit.js';
export type { AuditedPattern, ScalingPoint, ScalingRow } from './audit.js';
