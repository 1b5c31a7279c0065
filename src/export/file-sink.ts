import { createHash, type Hash } from 'node:crypto';
import { closeSync, fchmodSync, fsyncSync, openSync, writeSync } from 'node:fs';

/** Bytes buffered before one write(2); bounds memory whatever the row count. */
const FLUSH_BYTES = 1 << 20;

/**
 * A synchronous, buffered file writer that also hashes what it writes. Synchronous on
 * purpose: rows are streamed from a SQLite iterator inside one read snapshot, which cannot
 * span an await. Memory stays bounded by FLUSH_BYTES plus one row.
 */
export class FileSink {
  readonly path: string;
  #fd: number;
  #parts: string[] = [];
  #pending = 0;
  #bytes = 0;
  readonly #hash: Hash = createHash('sha256');

  constructor(path: string) {
    this.path = path;
    // Evidence: 0600 whatever the umask, even over a file left by an earlier run.
    this.#fd = openSync(path, 'w', 0o600);
    fchmodSync(this.#fd, 0o600);
  }

  write(text: string): void {
    this.#parts.push(text);
    this.#pending += text.length;
    if (this.#pending >= FLUSH_BYTES) this.flush();
  }

  flush(): void {
    if (this.#parts.length === 0) return;
    const chunk = Buffer.from(this.#parts.join(''), 'utf8');
    this.#parts = [];
    this.#pending = 0;
    this.#hash.update(chunk);
    let off = 0;
    while (off < chunk.length) off += writeSync(this.#fd, chunk, off);
    this.#bytes += chunk.length;
  }

  /** Flushes, fsyncs and closes; returns the byte count and hex SHA-256 of the file. */
  close(): { bytes: number; sha256: string } {
    this.flush();
    fsyncSync(this.#fd);
    closeSync(this.#fd);
    this.#fd = -1;
    return { bytes: this.#bytes, sha256: this.#hash.digest('hex') };
  }

  /** Closes without caring about the content (error paths). */
  abandon(): void {
    if (this.#fd < 0) return;
    try {
      closeSync(this.#fd);
    } catch {
      // already closed
    }
    this.#fd = -1;
  }
}
