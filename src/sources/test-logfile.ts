import { open, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { EvidError } from '../errors.js';
import type { SessionInput } from '../ingest/append.js';
import { validateTraceRequest } from '../ingest/validate.js';
import { mapLogLine, parseLogFormat } from './log-format.js';

/**
 * `sources test` for a log file source: no server is involved, so the check is what the
 * tailer will meet: the path (or every file the glob matches) can be read, and the last
 * complete line of the newest file maps to a valid event with the source's format.
 */
export interface LogfileCheck {
  ok: boolean;
  files: string[];
  /** The file whose last line was mapped, and that line. */
  file: string | null;
  line: string | null;
  sessions: SessionInput[];
  reason: string | null;
}

/** Enough to hold the last line of any sane log (a longer one is reported as such). */
const TAIL_BYTES = 1024 * 1024;

async function filesOf(pattern: string): Promise<string[]> {
  const { glob, isDynamicPattern } = await import('tinyglobby');
  if (!isDynamicPattern(pattern)) return [pattern];
  const found = await glob(pattern, { absolute: true, onlyFiles: true, dot: true });
  return found.sort();
}

/** The last complete (newline-ended), non-blank line; a partial last line is still being written. */
async function lastLine(file: string): Promise<string | null | 'too long'> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, TAIL_BYTES);
    const buf = Buffer.alloc(length);
    await handle.read(buf, 0, length, size - length);
    const text = buf.toString('utf8');
    const end = text.lastIndexOf('\n');
    if (end < 0) return size > TAIL_BYTES ? 'too long' : null;
    const lines = text.slice(0, end).split('\n');
    // The first piece may be cut by the window when the file is larger than it.
    const whole = size > length ? lines.slice(1) : lines;
    for (let i = whole.length - 1; i >= 0; i--) {
      const line = whole[i]!.replace(/\r$/, '');
      if (line.trim() !== '') return line;
    }
    return size > length ? 'too long' : null;
  } finally {
    await handle.close();
  }
}

export async function checkLogfile(
  pattern: string,
  options: Record<string, unknown>,
): Promise<LogfileCheck> {
  const fail = (reason: string, files: string[] = [], file: string | null = null) => ({
    ok: false,
    files,
    file,
    line: null,
    sessions: [],
    reason,
  });
  if (!isAbsolute(pattern)) {
    return fail(
      `the path ${pattern} is not absolute: evid serve would read it from its own working directory`,
    );
  }
  const files = await filesOf(pattern);
  if (files.length === 0) return fail(`no file matches ${pattern}`);
  let newest: { file: string; mtime: number } | null = null;
  for (const file of files) {
    try {
      const s = await stat(file);
      if (!s.isFile()) return fail(`${file} is not a regular file`, files, file);
      const handle = await open(file, 'r');
      await handle.close();
      if (!newest || s.mtimeMs >= newest.mtime) newest = { file, mtime: s.mtimeMs };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT'
          ? 'does not exist'
          : code === 'EACCES'
            ? 'is not readable (permission denied)'
            : `cannot be read (${code ?? String(err)})`;
      return fail(`${file} ${why}`, files, file);
    }
  }
  const file = newest!.file;
  const line = await lastLine(file);
  if (line === null) {
    // Readable and empty (or one partial line): nothing to map yet, and nothing wrong.
    return { ok: true, files, file, line: null, sessions: [], reason: null };
  }
  if (line === 'too long') return fail(`the last line of ${file} is longer than 1 MB`, files, file);
  try {
    const session = mapLogLine(line, parseLogFormat(options.format, 'format'));
    validateTraceRequest({ ...session, events: session.events });
    return { ok: true, files, file, line, sessions: [session], reason: null };
  } catch (err) {
    if (!(err instanceof EvidError)) throw err;
    return {
      ...fail(`the last line of ${file} does not map to an event: ${err.message}`, files, file),
      line,
    };
  }
}
