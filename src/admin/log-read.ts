/**
 * Reading the servers' log files for `evid admin logs` (the files: log-file.ts). Each
 * server's rotated files are read oldest first (`.log.N` ... `.log.1`, `.log`), the servers'
 * lines merged by time. `followLogs` tails every current file across rotation: it keeps the
 * file it reads open, so when the file is renamed to `.1` it drains what is left in it
 * before moving on to the new `.log` (no line is lost or read twice), and picks up a server
 * that starts logging later.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOG_DIR } from './log-file.js';

/** pino's numeric levels. */
export const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

export interface LogLine {
  /** The server's log file it came from, e.g. `evid-serve`. */
  source: string;
  /** The line as written (one JSON object). */
  raw: string;
  entry: Record<string, unknown>;
}

const FILE = /^(.+)\.log(?:\.(\d+))?$/;

function logFiles(dataDir: string): Map<string, Array<{ path: string; n: number }>> {
  const dir = join(dataDir, LOG_DIR);
  const bases = new Map<string, Array<{ path: string; n: number }>>();
  if (!existsSync(dir)) return bases;
  for (const name of readdirSync(dir)) {
    const m = FILE.exec(name);
    if (!m) continue;
    const list = bases.get(m[1]!) ?? [];
    list.push({ path: join(dir, name), n: m[2] === undefined ? 0 : Number(m[2]) });
    bases.set(m[1]!, list);
  }
  for (const list of bases.values()) list.sort((a, b) => b.n - a.n);
  return bases;
}

function parse(source: string, raw: string): LogLine | undefined {
  try {
    const entry = JSON.parse(raw) as unknown;
    if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
      return { source, raw, entry: entry as Record<string, unknown> };
    }
  } catch {
    // not a log line (a partial line cut by a crash): skipped
  }
  return undefined;
}

export const levelAtLeast =
  (min: number) =>
  (l: LogLine): boolean =>
    typeof l.entry.level === 'number' && l.entry.level >= min;

/** Where a read of a server's current file stopped: its inode and the end of its last whole line. */
export type ReadPositions = Map<string, { ino: number; pos: number }>;

/**
 * Every line of every server's log files, oldest first, filtered. `positions`, when given,
 * gets where each current file was read up to, so `followLogs` goes on from exactly there
 * (nothing written in between is missed or shown twice).
 */
export function readLogs(
  dataDir: string,
  keep: (l: LogLine) => boolean = () => true,
  positions?: ReadPositions,
): LogLine[] {
  const lines: LogLine[] = [];
  for (const [source, files] of logFiles(dataDir)) {
    for (const { path, n } of files) {
      let text: string;
      try {
        const fd = openSync(path, 'r');
        try {
          const bytes = readFileSync(fd);
          // Only whole lines: a line still being written is the follower's to read.
          const end = bytes.lastIndexOf(0x0a) + 1;
          text = bytes.subarray(0, end).toString('utf8');
          if (n === 0) positions?.set(source, { ino: fstatSync(fd).ino, pos: end });
        } finally {
          closeSync(fd);
        }
      } catch {
        continue; // rotated away between listing and reading
      }
      for (const raw of text.split('\n')) {
        const line = raw === '' ? undefined : parse(source, raw);
        if (line && keep(line)) lines.push(line);
      }
    }
  }
  // Stable: lines of one server keep their file order; servers interleave by time.
  const time = (l: LogLine): number => (typeof l.entry.time === 'number' ? l.entry.time : 0);
  return lines.sort((a, b) => time(a) - time(b));
}

interface Tail {
  fd: number;
  ino: number;
  pos: number;
  partial: string;
}

const POLL_MS = 200;

/**
 * Calls `onLine` for every line written from now on to any server's current log file, until
 * `signal` aborts. Lines already there when it starts are not repeated (readLogs shows them).
 */
export async function followLogs(
  dataDir: string,
  onLine: (l: LogLine) => void,
  signal: AbortSignal,
  keep: (l: LogLine) => boolean = () => true,
  from?: ReadPositions,
): Promise<void> {
  const tails = new Map<string, Tail>();
  const current = (source: string): string => join(dataDir, LOG_DIR, `${source}.log`);
  const drain = (source: string, t: Tail): void => {
    const buf = Buffer.allocUnsafe(64 * 1024);
    for (;;) {
      const n = readSync(t.fd, buf, 0, buf.length, t.pos);
      if (n === 0) break;
      t.pos += n;
      const text = t.partial + buf.subarray(0, n).toString('utf8');
      const parts = text.split('\n');
      t.partial = parts.pop()!;
      for (const raw of parts) {
        const line = raw === '' ? undefined : parse(source, raw);
        if (line && keep(line)) onLine(line);
      }
    }
  };
  const open = (source: string, path: string, first: boolean): Tail => {
    const fd = openSync(path, 'r');
    const st = fstatSync(fd);
    // A file met later is new: from its start. The first time, with `from`: where readLogs
    // stopped in this very file, or its start if it was created since; without: its end.
    const read = from?.get(source);
    const pos = !first ? 0 : !from ? st.size : read && read.ino === st.ino ? read.pos : 0;
    return { fd, ino: st.ino, pos, partial: '' };
  };
  const poll = (first: boolean): void => {
    for (const source of logFiles(dataDir).keys()) {
      const path = current(source);
      let ino: number;
      let size: number;
      try {
        ({ ino, size } = statSync(path));
      } catch {
        continue; // rotated this instant: the new file appears on the next poll
      }
      const t = tails.get(source);
      if (!t) {
        tails.set(source, open(source, path, first));
        continue;
      }
      // Started again in place (a single kept file is truncated, not renamed).
      if (t.ino === ino && size < t.pos) Object.assign(t, { pos: 0, partial: '' });
      drain(source, t);
      if (t.ino !== ino) {
        // Rotated: what was left in the old file is read above; start the new one at 0.
        closeSync(t.fd);
        tails.set(source, open(source, path, false));
        drain(source, tails.get(source)!);
      }
    }
  };
  try {
    poll(true);
    while (!signal.aborted) {
      await sleep(POLL_MS, undefined, { signal }).catch(() => undefined);
      if (!signal.aborted) poll(false);
    }
  } finally {
    for (const t of tails.values()) closeSync(t.fd);
  }
}
