/**
 * Span bookkeeping for the engine's last steps, in O(log n) per query rather than a walk over
 * every hit: a field of 1 MB can hold tens of thousands of candidates (a run of one token
 * repeated), and a walk per hit made those steps quadratic.
 */

export interface Span {
  start: number;
  end: number;
}

/** First index in `spans` (sorted by start) whose start is >= `at`. */
function firstStartAtOrAfter(spans: readonly Span[], at: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((spans[mid] as Span).start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Disjoint spans kept in start order: `claim` takes a span unless it overlaps one already
 * taken. Disjoint and sorted by start means sorted by end too, so one binary search finds the
 * only span that could overlap.
 */
export class DisjointSpans {
  private readonly spans: Span[] = [];

  claim(span: Span): boolean {
    // The first taken span that ends after this one starts is the only candidate.
    let lo = 0;
    let hi = this.spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.spans[mid] as Span).end <= span.start) lo = mid + 1;
      else hi = mid;
    }
    const next = this.spans[lo];
    if (next !== undefined && next.start < span.end) return false;
    this.spans.splice(lo, 0, span);
    return true;
  }
}

/** Spans (they may overlap) answering "which overlap [from, to)?", in start order. */
export class SpanIndex<T extends Span> {
  private readonly sorted: T[];
  private readonly longest: number;

  constructor(spans: readonly T[]) {
    this.sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
    this.longest = this.sorted.reduce((m, s) => Math.max(m, s.end - s.start), 0);
  }

  /** Every span with start < to and end > from, sorted by start (longer first on ties). */
  overlapping(from: number, to: number): T[] {
    const out: T[] = [];
    // A span starting before from - longest ends at or before from.
    for (
      let i = firstStartAtOrAfter(this.sorted, from - this.longest);
      i < this.sorted.length;
      i++
    ) {
      const s = this.sorted[i] as T;
      if (s.start >= to) break;
      if (s.end > from) out.push(s);
    }
    return out;
  }
}
