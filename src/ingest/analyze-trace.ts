import { controlsForFindingType } from '../compliance/controls.js';
import { createDetector, type EventDetector } from '../detect/engine.js';
import { loadOrCreateFingerprintKey } from '../detect/fingerprint-key.js';
import { livePolicy } from '../detect/live-policy.js';
import { redactText } from '../detect/redact.js';
import type { Detection, Policy, ScanField } from '../detect/types.js';
import type { NewFinding } from '../store/findings.js';
import { currentPolicyVersion } from '../store/policies.js';
import type { Store } from '../store/store.js';
import type { EventInput, TraceInput } from './validate.js';

/** The detector output for one trace, ready to store (raw matched values are not kept). */
export interface TraceAnalysis {
  /** Per event: the texts to store (redacted when the policy says so) and its findings. */
  events: Array<{ prompt: string | null; completion: string | null; findings: NewFinding[] }>;
  findings: number;
  failed: boolean;
}

const TOOL_TYPES = new Set(['tool_call', 'tool_invocation', 'tool_result', 'function_call']);
const ARG_KEYS = ['tool_arguments', 'arguments', 'args', 'input', 'tool_input'];
const RESULT_KEYS = ['tool_result', 'result', 'output', 'tool_output'];

/** Which texts of an event are scanned, and as what field (tool results get the indirect-injection rules). */
function fieldsOf(e: EventInput): ScanField[] {
  const tool = TOOL_TYPES.has(e.type);
  const fields: ScanField[] = [];
  if (e.prompt) fields.push({ field: tool ? 'tool_arguments' : 'prompt', text: e.prompt });
  if (e.completion) fields.push({ field: tool ? 'tool_result' : 'completion', text: e.completion });
  for (const key of ARG_KEYS) pushAttr(fields, 'tool_arguments', e.attributes[key]);
  for (const key of RESULT_KEYS) pushAttr(fields, 'tool_result', e.attributes[key]);
  return fields;
}

function pushAttr(fields: ScanField[], field: string, value: unknown): void {
  if (value === undefined || value === null) return;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text) fields.push({ field, text });
}

function toFinding(d: Detection): NewFinding {
  return {
    type: d.type,
    category: d.category,
    severity: d.severity,
    detector: d.detector,
    score: Math.round(d.score * 1000) / 1000,
    field: d.field,
    start: d.start,
    end: d.end,
    match_masked: d.match_masked,
    excerpt: d.excerpt,
    fingerprint: d.fingerprint,
    controls: controlsForFindingType(d.type).map((c) => c.id),
  };
}

export interface TraceAnalyzerOptions {
  /** HMAC key for finding fingerprints; stored findings use the store's (see forStore). */
  fingerprintKey?: Buffer;
}

const analyzers = new WeakMap<Store, { version: number; analyzer: TraceAnalyzer }>();

export class TraceAnalyzer {
  private readonly detector: EventDetector;
  constructor(
    private readonly policy: Policy,
    options: TraceAnalyzerOptions = {},
  ) {
    this.detector = createDetector(policy, options);
  }

  /**
   * The analyzer for findings stored in `store`: its live policy, and fingerprints keyed
   * with the store's own secret (`<data dir>/fingerprint-key`, created on first use), so a
   * low-entropy value cannot be recovered from an exported fingerprint by brute force.
   */
  static forStore(store: Store): TraceAnalyzer {
    // Every ingest call asks (the server, once per group commit): building the detector and
    // reading the key file cost more than the ingest of a small trace, so the analyzer is
    // kept per store until the live policy's version changes (versions are never reused).
    const version = store.read((r) => currentPolicyVersion(r));
    const cached = analyzers.get(store);
    if (cached?.version === version) return cached.analyzer;
    const live = store.read((r) => livePolicy(r));
    const analyzer = new TraceAnalyzer(live.policy, {
      fingerprintKey: loadOrCreateFingerprintKey(store.dataDir),
    });
    analyzers.set(store, { version: live.version, analyzer });
    return analyzer;
  }

  /**
   * Scans every event; findings are de-duplicated across the trace (same type and same
   * matched value, first occurrence kept). With `redact_content`, PII and secret spans are
   * replaced in the stored prompt/completion (finding offsets refer to the original text).
   * A detector crash marks the trace `failed` instead of losing it.
   */
  analyze(trace: TraceInput): TraceAnalysis {
    const seen = new Set<string>();
    let total = 0;
    try {
      const events = trace.events.map((e) => {
        const fields = fieldsOf(e);
        const detections = this.detector.scanEvent(fields);
        const findings: NewFinding[] = [];
        for (const d of detections) {
          const key = `${d.type}\u0000${d.fingerprint}`;
          if (seen.has(key)) continue;
          seen.add(key);
          findings.push(toFinding(d));
        }
        total += findings.length;
        return { ...this.storedTexts(e, detections), findings };
      });
      return { events, findings: total, failed: false };
    } catch {
      return {
        events: trace.events.map((e) => ({
          prompt: e.prompt,
          completion: e.completion,
          findings: [],
        })),
        findings: 0,
        failed: true,
      };
    }
  }

  private storedTexts(
    e: EventInput,
    detections: Detection[],
  ): { prompt: string | null; completion: string | null } {
    if (!this.policy.redact_content || detections.length === 0)
      return { prompt: e.prompt, completion: e.completion };
    const tool = TOOL_TYPES.has(e.type);
    const redact = (text: string | null, field: string): string | null =>
      text === null
        ? null
        : redactText(
            text,
            detections.filter((d) => d.field === field),
            { categories: ['pii', 'secret'] },
          );
    return {
      prompt: redact(e.prompt, tool ? 'tool_arguments' : 'prompt'),
      completion: redact(e.completion, tool ? 'tool_result' : 'completion'),
    };
  }
}
