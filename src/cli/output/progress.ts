import { wantsSpinner, type Io } from '../io.js';

/**
 * One progress line on stderr for long reads (`traces ingest` of a big file): bytes and
 * items done, rate, and an ETA when the total is known. Only where spinners are allowed (a
 * TTY, not CI); elsewhere every call is a no-op, so stderr stays clean for scripts. Plain
 * `\r` and erase-line rather than a spinner library: it works on any stream with write().
 */
export interface Progress {
  update(bytes: number, items: number): void;
  /** Erases the line; call before anything else is printed. */
  stop(): void;
}

export interface ProgressFigures {
  bytes: number;
  /** Input size, when known (a file; not a pipe). */
  total?: number;
  items: number;
  seconds: number;
}

/** Redraws at most this often; the first update always draws. */
const REDRAW_MS = 250;

export function startProgress(
  io: Io,
  label: string,
  total: number | undefined,
  nowMs: () => number = () => performance.now(),
): Progress {
  if (!wantsSpinner(io)) return { update: () => {}, stop: () => {} };
  const started = nowMs();
  let drawn = -Infinity;
  let shown = false;
  return {
    update(bytes, items) {
      const now = nowMs();
      if (now - drawn < REDRAW_MS) return;
      drawn = now;
      shown = true;
      const text = progressText({ bytes, total, items, seconds: (now - started) / 1000 });
      io.stderr.write(`\r${label}: ${text}\x1b[K`);
    },
    stop() {
      if (shown) io.stderr.write('\r\x1b[K');
    },
  };
}

/** e.g. "120.5 MB of 348.0 MB (35%), 10,234 traces, 24.1 MB/s, ETA 9s". */
export function progressText(f: ProgressFigures, noun = 'traces'): string {
  const rate = f.seconds > 0 ? f.bytes / f.seconds : 0;
  const parts = [
    f.total
      ? `${mb(f.bytes)} of ${mb(f.total)} (${Math.floor((100 * f.bytes) / f.total)}%)`
      : mb(f.bytes),
    `${f.items.toLocaleString('en-US')} ${noun}`,
  ];
  if (rate > 0) parts.push(`${mb(rate)}/s`);
  if (f.total && rate > 0 && f.bytes < f.total)
    parts.push(`ETA ${duration((f.total - f.bytes) / rate)}`);
  return parts.join(', ');
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function duration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60
    ? `${m}m${String(s % 60).padStart(2, '0')}s`
    : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
