import fs from 'node:fs';
import path from 'node:path';
import { MAX_TRACE_BYTES } from '../../ingest/schema.js';

/**
 * Reading one log file by its open descriptor, so a file renamed away (rotation) is still
 * finished. Lines are complete only with their newline: a last line still being written
 * waits for the next read. A line longer than any trace could be is skipped whole.
 */

/**
 * A batch is one transaction: at most BATCH_LINES lines and about BATCH_BYTES. 5000 rather
 * than 2000 lines: with many sessions interleaved, per-session work (one trace row read and
 * updated per session per batch) dominates smaller batches (bench/suites/55-logfile.mjs:
 * 0.72x of `traces ingest` at 2000, 0.96x at 5000).
 */
export const BATCH_BYTES = 4 * 1024 * 1024;
export const BATCH_LINES = 5000;
/** A line is a trace at most (10 MiB) plus room for its envelope. */
export const MAX_LINE_BYTES = MAX_TRACE_BYTES + 1024 * 1024;

export interface Line {
  /** Byte offset of the line's first byte. */
  start: number;
  /** Offset after its newline: where reading resumes once it is committed. */
  end: number;
  /** The line without its newline (and a trailing \r); undefined for an overlong line. */
  bytes: Buffer | undefined;
}

/** `dev:inode`: the same file under any name, so a renamed (rotated) file is recognised. */
export function fileIdOf(stat: fs.Stats): string {
  return `${stat.dev}:${stat.ino}`;
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = fs.readSync(fd, buf, got, length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}

/**
 * Complete lines from `offset`, at most BATCH_LINES / about BATCH_BYTES. With `final` (a
 * rotated file whose writer has gone quiet), a last line without newline counts too.
 */
export function readLines(fd: number, offset: number, final = false): Line[] {
  let chunk = readAt(fd, offset, BATCH_BYTES);
  let last = chunk.lastIndexOf(0x0a);
  if (last < 0 && chunk.length === BATCH_BYTES) {
    // One line longer than a batch: read up to the longest a line may be.
    chunk = readAt(fd, offset, MAX_LINE_BYTES + 1);
    last = chunk.lastIndexOf(0x0a);
    if (last < 0 && chunk.length > MAX_LINE_BYTES) {
      const line = overlong(fd, offset);
      return line.end > line.start ? [line] : []; // its newline is not written yet
    }
  }
  const lines: Line[] = [];
  let start = 0;
  while (lines.length < BATCH_LINES) {
    const nl = chunk.indexOf(0x0a, start);
    if (nl < 0) break;
    lines.push(lineOf(chunk, start, nl, offset, nl + 1));
    start = nl + 1;
  }
  if (final && lines.length < BATCH_LINES && start < chunk.length && chunk.length < BATCH_BYTES) {
    lines.push(lineOf(chunk, start, chunk.length, offset, chunk.length));
  }
  return lines;
}

function lineOf(chunk: Buffer, from: number, to: number, base: number, next: number): Line {
  const stop = to > from && chunk[to - 1] === 0x0d ? to - 1 : to;
  return { start: base + from, end: base + next, bytes: chunk.subarray(from, stop) };
}

/** Skips a line over MAX_LINE_BYTES: reading resumes after its newline (or waits for it). */
function overlong(fd: number, offset: number): Line {
  let at = offset + MAX_LINE_BYTES;
  for (;;) {
    const chunk = readAt(fd, at, 1024 * 1024);
    const nl = chunk.indexOf(0x0a);
    if (nl >= 0) return { start: offset, end: at + nl + 1, bytes: undefined };
    if (chunk.length === 0) return { start: offset, end: offset, bytes: undefined };
    at += chunk.length;
  }
}

/** The 1-based number of the line starting at `offset` (counted once, when needed). */
export function lineNumberAt(fd: number, offset: number): number {
  let count = 1;
  for (let at = 0; at < offset;) {
    const chunk = readAt(fd, at, Math.min(1024 * 1024, offset - at));
    if (chunk.length === 0) break;
    for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, i + 1)) count++;
    at += chunk.length;
  }
  return count;
}

/** True when the byte before `offset` is a newline, as it is wherever reading stopped. */
export function endsLineAt(fd: number, offset: number): boolean {
  if (offset === 0) return true;
  const b = readAt(fd, offset - 1, 1);
  return b.length === 1 && b[0] === 0x0a;
}

/** The file's name now: where it was, or a sibling with the same dev:inode; else null. */
export function locate(file: string, fileId: string): string | null {
  const same = (p: string): boolean => {
    try {
      return fileIdOf(fs.statSync(p)) === fileId;
    } catch {
      return false;
    }
  };
  if (same(file)) return file;
  const dir = path.dirname(file);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return null;
  }
  for (const name of names.slice(0, 10_000)) {
    const p = path.join(dir, name);
    if (same(p)) return p;
  }
  return null;
}
