import type { Category, Detection } from './types.js';

export interface RedactOptions {
  /** Only redact findings of these categories (default: every finding passed in). */
  categories?: readonly Category[];
}

/**
 * Replaces every detected span with `[REDACTED:<type>]`. Pass the detections of this
 * text's field only. Overlapping spans merge into one marker named after the span that
 * starts first (the longer one on a tie). Offsets are UTF-16 indices, as in Detection.
 */
export function redactText(
  text: string,
  detections: readonly Pick<Detection, 'type' | 'category' | 'start' | 'end'>[],
  options: RedactOptions = {},
): string {
  const wanted = options.categories ? new Set(options.categories) : undefined;
  const spans = detections
    .filter((d) => !wanted || wanted.has(d.category))
    .filter((d) => Number.isInteger(d.start) && Number.isInteger(d.end))
    .filter((d) => d.start >= 0 && d.end <= text.length && d.start < d.end)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let i = 0;
  let open: { type: string; end: number } | undefined;
  for (const d of spans) {
    if (open && d.start < open.end) {
      open.end = Math.max(open.end, d.end);
      continue;
    }
    if (open) {
      out += `[REDACTED:${open.type}]`;
      i = open.end;
    }
    out += text.slice(i, d.start);
    open = { type: d.type, end: d.end };
  }
  if (open) {
    out += `[REDACTED:${open.type}]`;
    i = open.end;
  }
  return out + text.slice(i);
}
