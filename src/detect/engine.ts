import { createHash, createHmac } from 'node:crypto';
import { SENSITIVE_CATEGORIES, maskValue, visible } from './mask.js';
import { DEFAULT_POLICY, compilePolicy, type CompiledPolicy } from './policy.js';
import type { RawHit, ScanContext } from './rule.js';
import { DisjointSpans, SpanIndex } from './spans.js';
import {
  SEVERITIES,
  type Category,
  type Detection,
  type Policy,
  type ScanField,
  type Severity,
} from './types.js';

/**
 * The engine the ingest pipeline runs on every event: candidates from the detectors,
 * then field rules (tool results make injection indirect), thresholds, overlap
 * resolution, severity, masking and per-call dedup.
 */

export interface DetectorOptions {
  /** When set, fingerprints are HMAC-SHA256 with this key instead of plain SHA-256. */
  fingerprintKey?: string | Buffer;
}

export interface EventDetector {
  readonly policy: Policy;
  /** Findings for one event's fields, de-duplicated by (type, fingerprint). */
  scanEvent(fields: readonly ScanField[]): Detection[];
  /** Every candidate before thresholds (scores 0..1), for analysis views. */
  candidates(text: string, field?: string): RawHit[];
  /** Findings for text scored against `threshold` for every category. */
  scanWithThreshold(text: string, field: string, threshold: number): Detection[];
}

const EXCERPT_REACH = 40;
const MASK_FLOOR = 0.5; // sensitive candidates at or above this are masked in excerpts

export function createDetector(
  policy: Policy = DEFAULT_POLICY,
  options: DetectorOptions = {},
): EventDetector {
  const compiled = compilePolicy(policy);
  const fingerprint = fingerprinter(options.fingerprintKey);
  const collect = (text: string, field: string) => collectHits(compiled, text, field);
  return {
    policy,
    scanEvent(fields) {
      const out: Detection[] = [];
      for (const { field, text } of fields) {
        if (typeof text !== 'string' || text.length === 0) continue;
        const hits = collect(text, field);
        out.push(
          ...finalize(compiled, hits, text, field, (c) => compiled.thresholds[c], fingerprint),
        );
      }
      return dedupeDetections(out);
    },
    candidates: (text, field = 'content') => collect(text, field),
    scanWithThreshold(text, field, threshold) {
      const hits = collect(text, field);
      return dedupeDetections(finalize(compiled, hits, text, field, () => threshold, fingerprint));
    },
  };
}

/**
 * Runs the enabled detectors the field can trigger and applies field rules. Trigger groups
 * only name words a rule's regex cannot match without, so skipping is exact: a skipped
 * detector would have found nothing (test/unit/detect/triggers.test.ts checks this).
 */
function collectHits(compiled: CompiledPolicy, text: string, field: string): RawHit[] {
  let lower: string | undefined;
  const ctx: ScanContext = {
    text,
    field,
    lower: () => (lower ??= text.toLowerCase()),
    allowedHosts: compiled.allowedHosts,
  };
  const hits: RawHit[] = [];
  const { ids, count } = compiled.triggers.selectIds(text);
  const detectors = compiled.detectors;
  for (let k = 0; k < count; k++) {
    const d = detectors[ids[k] as number] as (typeof detectors)[number];
    if (d.fields && !d.fields.has(field)) continue;
    d.scan(ctx, hits);
  }
  if (field === 'tool_result') {
    for (const h of hits)
      if (h.category === 'prompt_injection') h.type = 'prompt_injection.indirect';
  }
  return hits;
}

function finalize(
  compiled: CompiledPolicy,
  hits: RawHit[],
  text: string,
  field: string,
  threshold: (c: Category) => number,
  fingerprint: (type: string, raw: string) => string,
): Detection[] {
  const kept = resolveOverlaps(hits.filter((h) => h.score >= threshold(h.category)));
  const sensitive = new SpanIndex(
    hits
      .filter((h) => SENSITIVE_CATEGORIES.has(h.category) && h.score >= MASK_FLOOR)
      .map((h) => ({
        start: h.start,
        end: h.end,
        masked: maskValue(h.type, h.category, text.slice(h.start, h.end)),
      })),
  );
  // The dedup scanEvent applies, done first within the field, so that a value repeated
  // ten thousand times gets one excerpt built, not ten thousand.
  const best = new Map<string, { hit: RawHit; raw: string; fingerprint: string }>();
  for (const h of kept) {
    const raw = text.slice(h.start, h.end);
    const print = fingerprint(h.type, raw);
    const key = `${h.type}\u0000${print}`;
    const seen = best.get(key);
    // Scores compare as reported (three decimals), as dedupeDetections compares them.
    if (seen === undefined || reported(h.score) > reported(seen.hit.score)) {
      // A Map keeps the first insertion's place: the first sighting's slot, the best hit.
      best.set(key, { hit: h, raw, fingerprint: print });
    }
  }
  return [...best.values()].map(({ hit: h, raw, fingerprint: print }) => {
    const severity =
      compiled.severityOverrides.get(h.type) ??
      compiled.severityOverrides.get(h.category) ??
      severityFor(h.severity, h.score);
    return {
      type: h.type,
      category: h.category,
      score: reported(h.score),
      severity,
      detector: h.detector,
      field,
      start: h.start,
      end: h.end,
      match_masked: SENSITIVE_CATEGORIES.has(h.category)
        ? maskValue(h.type, h.category, raw)
        : maskValue(h.type, h.category, withMasks(text, h.start, h.end, sensitive)),
      excerpt: buildExcerpt(text, h, sensitive),
      fingerprint: print,
    };
  });
}

const reported = (score: number): number => Math.round(score * 1000) / 1000;

/** A rule's severity holds at high confidence and drops one level below 0.85. */
export function severityFor(base: Severity, score: number): Severity {
  if (score >= 0.85) return base;
  return SEVERITIES[Math.max(0, SEVERITIES.indexOf(base) - 1)] ?? base;
}

/**
 * Personal data and secrets compete for a span (a token inside a URL is not also an email;
 * a specific token beats the generic key rule). Other categories only merge overlapping
 * hits of the same type: one phrase may be several techniques at once.
 */
function resolveOverlaps(hits: RawHit[]): RawHit[] {
  const order = [...hits].sort(
    (a, b) =>
      b.score - a.score ||
      Number(b.category === 'secret') - Number(a.category === 'secret') ||
      b.end - b.start - (a.end - a.start),
  );
  const kept: RawHit[] = [];
  const claimed = new Map<string, DisjointSpans>();
  for (const h of order) {
    const group =
      SENSITIVE_CATEGORIES.has(h.category) && h.category !== 'policy' ? 'sensitive' : h.type;
    let spans = claimed.get(group);
    if (spans === undefined) claimed.set(group, (spans = new DisjointSpans()));
    if (spans.claim(h)) kept.push(h);
  }
  return kept.sort((a, b) => a.start - b.start || a.end - b.end);
}

interface MaskedSpan {
  start: number;
  end: number;
  masked: string;
}

/**
 * text[from, to) with every sensitive span that overlaps it replaced by its mask. A span that
 * crosses `from` is masked whole too (its inside would otherwise show in plain); one that
 * overlaps a span already masked is left to it (its own mask would repeat a character of the
 * value masked before it).
 */
function withMasks(
  text: string,
  from: number,
  to: number,
  spans: SpanIndex<MaskedSpan>,
  target?: RawHit,
): string {
  let out = '';
  let i = from;
  for (const s of spans.overlapping(from, to)) {
    if (s.start < i && i > from) continue; // overlaps a span already masked
    if (s.start > i) out += target ? plain(text, i, s.start, target) : text.slice(i, s.start);
    out += s.masked;
    i = s.end;
  }
  if (i < to) out += target ? plain(text, i, to, target) : text.slice(i, to);
  return out;
}

function buildExcerpt(text: string, target: RawHit, sensitive: SpanIndex<MaskedSpan>): string {
  let from = Math.max(0, target.start - EXCERPT_REACH);
  let to = Math.min(text.length, target.end + EXCERPT_REACH);
  // A sensitive span at the window's edge is shown whole (masked), so the window takes it in.
  for (const s of sensitive.overlapping(from, to)) {
    from = Math.min(from, s.start);
    to = Math.max(to, s.end);
  }
  if (from > 0 && /[\uDC00-\uDFFF]/.test(text[from] ?? '')) from--;
  if (to < text.length && /[\uDC00-\uDFFF]/.test(text[to] ?? '')) to++;
  const body = withMasks(text, from, to, sensitive, target);
  return (from > 0 ? '…' : '') + visible(body) + (to < text.length ? '…' : '');
}

/** Unmasked text between spans; a long behavioural match is shortened in the middle. */
function plain(text: string, from: number, to: number, target: RawHit): string {
  if (to <= from) return '';
  const s = text.slice(from, to);
  if (SENSITIVE_CATEGORIES.has(target.category) || target.end - target.start <= 120) return s;
  if (to - from <= 160) return s;
  return `${s.slice(0, 100)}…${s.slice(-40)}`;
}

function fingerprinter(key: string | Buffer | undefined): (type: string, raw: string) => string {
  if (key === undefined) {
    return (type, raw) => createHash('sha256').update(`${type}\u0000${raw}`).digest('hex');
  }
  return (type, raw) => createHmac('sha256', key).update(`${type}\u0000${raw}`).digest('hex');
}

/**
 * Per-trace dedup: one finding per (type, fingerprint), i.e. per type and matched value.
 * Keeps the highest score (the first seen on ties) at the position of the first sighting.
 */
export function dedupeDetections(list: readonly Detection[]): Detection[] {
  const index = new Map<string, number>();
  const out: Detection[] = [];
  for (const d of list) {
    const key = `${d.type}\u0000${d.fingerprint}`;
    const at = index.get(key);
    if (at === undefined) {
      index.set(key, out.length);
      out.push(d);
    } else if (d.score > (out[at] as Detection).score) {
      out[at] = d;
    }
  }
  return out;
}
