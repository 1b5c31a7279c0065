/**
 * A small zip reader (PKWARE APPNOTE 6.3): finds the end of central directory, walks the
 * central directory, and inflates one entry at a time with node:zlib, checking its CRC-32
 * and size. Enough for packs (stored or deflated entries, ZIP64 sizes), no dependency.
 *
 * The archive is attacker-controlled: every offset is bounds-checked, duplicate or unsafe
 * names are refused while the directory is read (before anything is inflated), and every
 * inflation is capped by a limit the CALLER gives (the pack's manifest size), never by the
 * archive's own declared size alone: a 1 MB entry that inflates to 1 GB stops at the limit.
 * Entries are read from the file on demand (no whole-archive buffer) and can be hashed as
 * streams. Every failure is a ZipError with a plain message.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw, crc32, inflateRawSync } from 'node:zlib';

export class ZipError extends Error {
  override readonly name = 'ZipError';
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U32_MAX = 0xffffffff;
const MAX_ENTRIES = 10_000;
/** Compressed bytes read from the archive per step while streaming an entry. */
const READ_CHUNK = 1 << 20;

/** Random access to the archive's bytes: a file (read on demand) or a buffer (tests). */
export interface ZipSource {
  readonly length: number;
  /** Exactly `length` bytes at `position`, or a ZipError when the archive is shorter. */
  read(position: number, length: number): Buffer;
  close(): void;
}

export function bufferSource(data: Buffer): ZipSource {
  return {
    length: data.length,
    read(position, length) {
      if (position < 0 || position + length > data.length) throw new ZipError('truncated archive');
      return data.subarray(position, position + length);
    },
    close() {},
  };
}

export function fileSource(path: string): ZipSource {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  return {
    length: size,
    read(position, length) {
      if (position < 0 || position + length > size) throw new ZipError('truncated archive');
      const buf = Buffer.allocUnsafe(length);
      let got = 0;
      while (got < length) {
        const n = readSync(fd, buf, got, length - got, position + got);
        if (n === 0) throw new ZipError('truncated archive');
        got += n;
      }
      return buf;
    },
    close: () => closeSync(fd),
  };
}

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  /** The inflated size the archive declares (attacker-controlled). */
  size: number;
  localOffset: number;
}

/** The central directory of an archive, and bounded reads of its entries. */
export class ZipReader {
  readonly entries = new Map<string, ZipEntry>();
  readonly #src: ZipSource;

  constructor(source: ZipSource) {
    this.#src = source;
    for (const entry of centralDirectory(source)) {
      if (entry.name.endsWith('/')) continue;
      if (this.entries.has(entry.name)) throw new ZipError(`duplicate entry ${entry.name}`);
      this.entries.set(entry.name, entry);
    }
  }

  close(): void {
    this.#src.close();
  }

  /** The entry inflated, refusing one that inflates to more than `limit` bytes. */
  read(entry: ZipEntry, limit: number): Buffer {
    if (entry.size > limit) throw tooBig(entry, limit);
    const raw = this.#src.read(this.#dataStart(entry), entry.compressedSize);
    let out: Buffer;
    if (entry.method === 0) out = Buffer.from(raw);
    else {
      try {
        out = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
      } catch (err) {
        throw new ZipError(`${entry.name}: cannot inflate (${(err as Error).message})`);
      }
    }
    if (out.length !== entry.size) throw new ZipError(`${entry.name}: size mismatch`);
    if (crc32(out) >>> 0 !== entry.crc) throw new ZipError(`${entry.name}: CRC-32 mismatch`);
    return out;
  }

  /**
   * Inflates the entry as a stream, handing each chunk to `onChunk`; stops with a ZipError
   * as soon as more than `limit` bytes come out. Memory stays at a few chunks whatever the
   * entry inflates to. Returns the inflated size (checked against the declared one).
   */
  async stream(entry: ZipEntry, limit: number, onChunk: (chunk: Buffer) => void): Promise<number> {
    if (entry.size > limit) throw tooBig(entry, limit);
    const start = this.#dataStart(entry);
    if (start + entry.compressedSize > this.#src.length) {
      throw new ZipError(`${entry.name}: truncated data`);
    }
    const src = this.#src;
    function* compressed(): Generator<Buffer> {
      for (let at = 0; at < entry.compressedSize; at += READ_CHUNK) {
        yield src.read(start + at, Math.min(READ_CHUNK, entry.compressedSize - at));
      }
    }
    let size = 0;
    let crc = 0;
    // pipeline may report the abort it caused rather than the reason: keep the reason.
    let stopped: ZipError | undefined;
    const consume = async (chunks: AsyncIterable<Buffer>): Promise<void> => {
      for await (const chunk of chunks) {
        size += chunk.length;
        if (size > limit) throw (stopped = tooBig(entry, limit));
        crc = crc32(chunk, crc);
        onChunk(chunk);
      }
    };
    try {
      if (entry.method === 0) await pipeline(Readable.from(compressed()), consume);
      else await pipeline(Readable.from(compressed()), createInflateRaw(), consume);
    } catch (err) {
      if (stopped) throw stopped;
      if (err instanceof ZipError) throw err;
      throw new ZipError(`${entry.name}: cannot inflate (${(err as Error).message})`);
    }
    if (size !== entry.size) throw new ZipError(`${entry.name}: size mismatch`);
    if (crc >>> 0 !== entry.crc) throw new ZipError(`${entry.name}: CRC-32 mismatch`);
    return size;
  }

  #dataStart(entry: ZipEntry): number {
    if (entry.flags & 0x1) throw new ZipError(`${entry.name} is encrypted`);
    if (entry.method !== 0 && entry.method !== 8) {
      throw new ZipError(`${entry.name}: unsupported compression method ${entry.method}`);
    }
    const header = this.#src.read(entry.localOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL) throw new ZipError(`${entry.name}: bad local header`);
    return entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  }
}

function tooBig(entry: ZipEntry, limit: number): ZipError {
  return new ZipError(`${entry.name} inflates to more than ${limit} bytes`);
}

/**
 * Every file entry of the zip in `data`, by name (directory entries are skipped), each
 * capped at its declared size. For trusted archives (tests, tools); verification reads
 * entries one at a time through ZipReader with the manifest's limits.
 */
export function readZip(data: Buffer): Map<string, Buffer> {
  const zip = new ZipReader(bufferSource(data));
  const files = new Map<string, Buffer>();
  for (const entry of zip.entries.values()) files.set(entry.name, zip.read(entry, entry.size));
  return files;
}

function findEocd(src: ZipSource): { at: number; tail: Buffer; tailStart: number } {
  // The EOCD record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const tailStart = Math.max(0, src.length - 22 - 0xffff);
  const tail = src.read(tailStart, src.length - tailStart);
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === EOCD && at + 22 + tail.readUInt16LE(at + 20) === tail.length) {
      return { at: tailStart + at, tail, tailStart };
    }
  }
  throw new ZipError('not a zip archive (no end of central directory record)');
}

function u64(buf: Buffer, at: number): number {
  const n = buf.readBigUInt64LE(at);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipError('size out of range');
  return Number(n);
}

function* centralDirectory(src: ZipSource): Generator<ZipEntry> {
  if (src.length < 22) throw new ZipError('not a zip archive (too short)');
  const { at: eocd, tail, tailStart } = findEocd(src);
  const e = tail.subarray(eocd - tailStart);
  let count = e.readUInt16LE(10);
  let offset = e.readUInt32LE(16);
  let dirSize = e.readUInt32LE(12);
  if (count === 0xffff || offset === U32_MAX || dirSize === U32_MAX) {
    const locator = src.read(eocd - 20, 20);
    if (locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw new ZipError('bad ZIP64 locator');
    const z = src.read(u64(locator, 8), 56);
    if (z.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipError('bad ZIP64 end of central directory');
    count = u64(z, 32);
    dirSize = u64(z, 40);
    offset = u64(z, 48);
  }
  if (count > MAX_ENTRIES) throw new ZipError(`too many entries (${count})`);
  // Read once and bounds-checked: the directory cannot claim more than the archive holds.
  const dir = src.read(offset, dirSize);
  const need = (at: number, n: number): number => {
    if (at + n > dir.length) throw new ZipError('truncated central directory');
    return at;
  };
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (dir.readUInt32LE(need(at, 46)) !== CENTRAL) {
      throw new ZipError('bad central directory entry');
    }
    const nameLength = dir.readUInt16LE(at + 28);
    const extraLength = dir.readUInt16LE(at + 30);
    const commentLength = dir.readUInt16LE(at + 32);
    const nameEnd = need(at + 46, nameLength + extraLength) + nameLength;
    const entry: ZipEntry = {
      name: dir.toString('utf8', at + 46, nameEnd),
      flags: dir.readUInt16LE(at + 8),
      method: dir.readUInt16LE(at + 10),
      crc: dir.readUInt32LE(at + 16),
      compressedSize: dir.readUInt32LE(at + 20),
      size: dir.readUInt32LE(at + 24),
      localOffset: dir.readUInt32LE(at + 42),
    };
    applyZip64(dir.subarray(nameEnd, nameEnd + extraLength), entry);
    checkName(entry.name);
    yield entry;
    at = nameEnd + extraLength + commentLength;
  }
}

/** ZIP64 extended information (0x0001): the 8-byte values of the fields that read 0xFFFFFFFF. */
function applyZip64(extra: Buffer, entry: ZipEntry): void {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let p = at + 4;
      for (const field of ['size', 'compressedSize', 'localOffset'] as const) {
        if (entry[field] === U32_MAX) {
          if (p + 8 > extra.length) throw new ZipError('truncated ZIP64 field');
          entry[field] = u64(extra, p);
          p += 8;
        }
      }
    }
    at += 4 + size;
  }
}

function checkName(name: string): void {
  if (
    name === '' ||
    name.startsWith('/') ||
    name.includes('\\') ||
    name.includes('\0') ||
    name.split('/').includes('..')
  ) {
    throw new ZipError(`unsafe entry name ${JSON.stringify(name)}`);
  }
}
