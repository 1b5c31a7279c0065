/**
 * The backup file's writer: a zip (PKWARE APPNOTE 6.3) of STORED entries with ZIP64 sizes,
 * read back by the packs' zip reader (src/packs/zip-reader.ts). A store of a million events
 * is about 1 GiB of SQLite pages: archiver's deflate took three times as long as SQLite's
 * own copy, and even its stored mode hashed every byte again through streams. Here each
 * file is read once, and that one pass computes its SHA-256 (for the manifest) and CRC-32
 * (for the zip) while the bytes are written; the CRC is patched into the local header after.
 *
 * Every entry carries ZIP64 sizes and offsets, so any size is written the same way.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';

const U32_MAX = 0xffffffff;
const CHUNK = 4 << 20;

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
}

/** DOS date and time (local fields, written as UTC so a fixed date gives fixed bytes). */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

export class StoredZipWriter {
  private readonly fd: number;
  private at = 0;
  private readonly entries: Written[] = [];
  private readonly stamp: { time: number; date: number };

  constructor(path: string, date: Date) {
    this.fd = openSync(path, 'wx', 0o600);
    this.stamp = dosTime(date);
  }

  private write(buf: Buffer, position = this.at): void {
    let done = 0;
    while (done < buf.length)
      done += writeSync(this.fd, buf, done, buf.length - done, position + done);
    if (position === this.at) this.at += buf.length;
  }

  private localHeader(name: Buffer, size: number, crc: number): Buffer {
    const h = Buffer.alloc(30 + name.length + 20);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(45, 4); // version needed: ZIP64
    h.writeUInt16LE(0x0800, 6); // names are UTF-8
    h.writeUInt16LE(0, 8); // stored
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(U32_MAX, 18);
    h.writeUInt32LE(U32_MAX, 22);
    h.writeUInt16LE(name.length, 26);
    h.writeUInt16LE(20, 28);
    name.copy(h, 30);
    const x = 30 + name.length;
    h.writeUInt16LE(0x0001, x);
    h.writeUInt16LE(16, x + 2);
    h.writeBigUInt64LE(BigInt(size), x + 4);
    h.writeBigUInt64LE(BigInt(size), x + 12);
    return h;
  }

  /** Adds a buffer; returns its SHA-256 (hex). */
  addBuffer(name: string, data: Buffer): string {
    const n = Buffer.from(name, 'utf8');
    const crc = crc32(data) >>> 0;
    this.entries.push({ name: n, crc, size: data.length, offset: this.at });
    this.write(this.localHeader(n, data.length, crc));
    this.write(data);
    return createHash('sha256').update(data).digest('hex');
  }

  /** Adds a file read once; returns its size and SHA-256 (hex). */
  addFile(name: string, path: string): { size: number; sha256: string } {
    const n = Buffer.from(name, 'utf8');
    const src = openSync(path, 'r');
    try {
      const size = fstatSync(src).size;
      const offset = this.at;
      this.write(this.localHeader(n, size, 0));
      const hash = createHash('sha256');
      const buf = Buffer.allocUnsafe(CHUNK);
      let crc = 0;
      let copied = 0;
      for (;;) {
        const got = readSync(src, buf, 0, CHUNK, copied);
        if (got === 0) break;
        const chunk = buf.subarray(0, got);
        hash.update(chunk);
        crc = crc32(chunk, crc);
        this.write(chunk);
        copied += got;
      }
      if (copied !== size) throw new Error(`${path} changed size while it was being archived`);
      const patch = Buffer.alloc(4);
      patch.writeUInt32LE(crc >>> 0);
      this.write(patch, offset + 14);
      this.entries.push({ name: n, crc: crc >>> 0, size, offset });
      return { size, sha256: hash.digest('hex') };
    } finally {
      closeSync(src);
    }
  }

  /** Writes the central directory and the (ZIP64) end records, and closes the file. */
  finish(): void {
    try {
      const start = this.at;
      for (const e of this.entries) {
        const c = Buffer.alloc(46 + e.name.length + 28);
        c.writeUInt32LE(0x02014b50, 0);
        c.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, ZIP64
        c.writeUInt16LE(45, 6);
        c.writeUInt16LE(0x0800, 8);
        c.writeUInt16LE(0, 10);
        c.writeUInt16LE(this.stamp.time, 12);
        c.writeUInt16LE(this.stamp.date, 14);
        c.writeUInt32LE(e.crc, 16);
        c.writeUInt32LE(U32_MAX, 20);
        c.writeUInt32LE(U32_MAX, 24);
        c.writeUInt16LE(e.name.length, 28);
        c.writeUInt16LE(28, 30);
        c.writeUInt32LE((0o100600 << 16) >>> 0, 38); // a regular file, 0600
        c.writeUInt32LE(U32_MAX, 42);
        e.name.copy(c, 46);
        const x = 46 + e.name.length;
        c.writeUInt16LE(0x0001, x);
        c.writeUInt16LE(24, x + 2);
        c.writeBigUInt64LE(BigInt(e.size), x + 4);
        c.writeBigUInt64LE(BigInt(e.size), x + 12);
        c.writeBigUInt64LE(BigInt(e.offset), x + 20);
        this.write(c);
      }
      const dirSize = this.at - start;
      const z = Buffer.alloc(56 + 20 + 22);
      z.writeUInt32LE(0x06064b50, 0);
      z.writeBigUInt64LE(44n, 4);
      z.writeUInt16LE(45, 12);
      z.writeUInt16LE(45, 14);
      z.writeBigUInt64LE(BigInt(this.entries.length), 24);
      z.writeBigUInt64LE(BigInt(this.entries.length), 32);
      z.writeBigUInt64LE(BigInt(dirSize), 40);
      z.writeBigUInt64LE(BigInt(start), 48);
      z.writeUInt32LE(0x07064b50, 56);
      z.writeBigUInt64LE(BigInt(this.at), 64);
      z.writeUInt32LE(1, 72);
      z.writeUInt32LE(0x06054b50, 76);
      z.writeUInt16LE(0xffff, 84);
      z.writeUInt16LE(0xffff, 86);
      z.writeUInt32LE(U32_MAX, 88);
      z.writeUInt32LE(U32_MAX, 92);
      this.write(z);
    } finally {
      closeSync(this.fd);
    }
  }

  /** Closes without finishing (the caller removes the partial file). */
  abort(): void {
    try {
      closeSync(this.fd);
    } catch {
      // already closed by finish()
    }
  }
}
