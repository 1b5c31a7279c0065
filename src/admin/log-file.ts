/**
 * The servers' log files (docs/operations.md): `evid serve` and `audit serve` write pino's JSON
 * lines to `<data dir>/logs/<bin>-serve.log` as well as to stderr. When the next line would
 * take the file past `maxBytes` it is rotated: `.log` becomes `.log.1`, `.1` becomes `.2`,
 * ... and `keep` files are kept in all (the oldest is overwritten). Writes are synchronous
 * appends (pino hands over whole lines), so a crash loses at most the line being written.
 * A file that cannot be written (disk full, permissions) never stops the server: logging to
 * the file stops and `onError` says why, once.
 */
import { closeSync, fstatSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOG_DIR = 'logs';

export const logFileName = (bin: string): string => `${bin}-serve.log`;

export class RotatingLogFile {
  private fd: number | undefined;
  private size = 0;

  constructor(
    readonly path: string,
    private readonly maxBytes: number,
    private readonly keep: number,
    private readonly onError: (err: Error) => void,
  ) {
    this.open('a');
  }

  static inDataDir(
    dataDir: string,
    bin: string,
    limits: { maxBytes: number; keep: number },
    onError: (err: Error) => void,
  ): RotatingLogFile {
    const dir = join(dataDir, LOG_DIR);
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch (err) {
      onError(err as Error);
    }
    return new RotatingLogFile(join(dir, logFileName(bin)), limits.maxBytes, limits.keep, onError);
  }

  write(line: string): boolean {
    if (this.fd === undefined) return true;
    try {
      const bytes = Buffer.byteLength(line);
      if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
      writeSync(this.fd, line);
      this.size += bytes;
    } catch (err) {
      this.fail(err as Error);
    }
    return true;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private open(flags: 'a' | 'w'): void {
    try {
      this.fd = openSync(this.path, flags, 0o600);
      this.size = fstatSync(this.fd).size;
    } catch (err) {
      this.fail(err as Error);
    }
  }

  private rotate(): void {
    this.close();
    for (let i = this.keep - 1; i >= 1; i--) {
      const from = i === 1 ? this.path : `${this.path}.${i - 1}`;
      try {
        renameSync(from, `${this.path}.${i}`);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    // keep = 1: no older file is kept, the one file starts again.
    this.open(this.keep > 1 ? 'a' : 'w');
  }

  private fail(err: Error): void {
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {
        // already failing: the first error is the one reported
      }
    }
    this.fd = undefined;
    this.onError(err);
  }
}
