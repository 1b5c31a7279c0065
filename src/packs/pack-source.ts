/**
 * A pack to verify, as a zip or as an unzipped directory: the names it holds, and bounded
 * reads and streaming hashes of one file at a time. Nothing is read until asked for, and
 * every read names the most bytes it accepts (the manifest's size), so a hostile pack
 * cannot make the verifier hold more than the manifest admits.
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileSource, ZipError, ZipReader } from './zip-reader.js';

export interface PackSource {
  /** Every file the pack holds (zip entries, or the directory's regular files). */
  readonly names: readonly string[];
  /** The size the pack itself gives (the zip's declared inflated size, or the file's). */
  size(name: string): number | undefined;
  /** The file's bytes; an Error when it is absent or holds more than `limit` bytes. */
  read(name: string, limit: number): Buffer;
  /** SHA-256 (hex) and size, streamed; an Error past `limit` bytes. */
  hash(name: string, limit: number): Promise<{ sha256: string; size: number }>;
  /** The file's bytes in order, a chunk at a time; an Error past `limit` bytes. */
  stream(name: string, limit: number, onChunk: (chunk: Buffer) => void): Promise<number>;
  close(): void;
}

/** Opens a zip or a directory; a ZipError when a file is not a readable zip. */
export function openPackSource(path: string): PackSource {
  return statSync(path).isDirectory() ? directorySource(path) : zipSource(path);
}

function zipSource(path: string): PackSource {
  const src = fileSource(path);
  let zip: ZipReader;
  try {
    zip = new ZipReader(src);
  } catch (err) {
    src.close();
    throw err;
  }
  const entry = (name: string) => {
    const e = zip.entries.get(name);
    if (!e) throw new Error(`${name} is missing from the pack`);
    return e;
  };
  return {
    names: [...zip.entries.keys()],
    size: (name) => zip.entries.get(name)?.size,
    read: (name, limit) => plain(() => zip.read(entry(name), limit)),
    async hash(name, limit) {
      const h = createHash('sha256');
      const size = await this.stream(name, limit, (chunk) => h.update(chunk));
      return { sha256: h.digest('hex'), size };
    },
    async stream(name, limit, onChunk) {
      try {
        return await zip.stream(entry(name), limit, onChunk);
      } catch (err) {
        throw plainError(err);
      }
    },
    close: () => zip.close(),
  };
}

function directorySource(dir: string): PackSource {
  const names = readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile());
  const file = (name: string): string => {
    if (!names.includes(name)) throw new Error(`${name} is missing from the pack`);
    return join(dir, name);
  };
  return {
    names,
    size: (name) => (names.includes(name) ? statSync(join(dir, name)).size : undefined),
    read(name, limit) {
      const fd = openSync(file(name), 'r');
      try {
        const size = fstatSync(fd).size;
        if (size > limit) throw new Error(`${name} holds more than ${limit} bytes`);
        const buf = Buffer.alloc(size);
        let got = 0;
        while (got < size) {
          const n = readSync(fd, buf, got, size - got, got);
          if (n === 0) break;
          got += n;
        }
        return buf.subarray(0, got);
      } finally {
        closeSync(fd);
      }
    },
    async hash(name, limit) {
      const h = createHash('sha256');
      const size = await this.stream(name, limit, (chunk) => h.update(chunk));
      return { sha256: h.digest('hex'), size };
    },
    async stream(name, limit, onChunk) {
      let size = 0;
      // end is inclusive: at most limit + 1 bytes are read, enough to see the excess.
      for await (const chunk of createReadStream(file(name), { end: limit })) {
        size += (chunk as Buffer).length;
        if (size > limit) throw new Error(`${name} holds more than ${limit} bytes`);
        onChunk(chunk as Buffer);
      }
      return size;
    },
    close() {},
  };
}

/** ZipErrors about one entry become plain Errors: a check's message, not "not a pack". */
function plainError(err: unknown): Error {
  return err instanceof ZipError ? new Error(err.message) : (err as Error);
}

function plain<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw plainError(err);
  }
}
