/**
 * A small zip reader (PKWARE APPNOTE 6.3): finds the end of central directory, walks the
 * central directory, inflates each entry with node:zlib and checks its CRC-32 and size.
 * Enough for packs (stored or deflated entries, ZIP64 sizes), no dependency.
 *
 * The archive is attacker-controlled: every offset is bounds-checked, inflation is capped
 * at the declared size (no zip bombs), duplicate or unsafe names are refused, and every
 * failure is a ZipError with a plain message.
 */
import { crc32, inflateRawSync } from 'node:zlib';

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

interface CentralEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Every file entry of the zip in `data`, by name (directory entries are skipped). */
export function readZip(data: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of centralDirectory(data)) {
    if (entry.name.endsWith('/')) continue;
    if (files.has(entry.name)) throw new ZipError(`duplicate entry ${entry.name}`);
    files.set(entry.name, extract(data, entry));
  }
  return files;
}

function u16(data: Buffer, at: number): number {
  if (at < 0 || at + 2 > data.length) throw new ZipError('truncated archive');
  return data.readUInt16LE(at);
}

function u32(data: Buffer, at: number): number {
  if (at < 0 || at + 4 > data.length) throw new ZipError('truncated archive');
  return data.readUInt32LE(at);
}

function u64(data: Buffer, at: number): number {
  if (at < 0 || at + 8 > data.length) throw new ZipError('truncated archive');
  const n = data.readBigUInt64LE(at);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipError('size out of range');
  return Number(n);
}

function findEocd(data: Buffer): number {
  // The EOCD record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const stop = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= stop; at--) {
    if (data.readUInt32LE(at) === EOCD && at + 22 + data.readUInt16LE(at + 20) === data.length) {
      return at;
    }
  }
  throw new ZipError('not a zip archive (no end of central directory record)');
}

function* centralDirectory(data: Buffer): Generator<CentralEntry> {
  if (data.length < 22) throw new ZipError('not a zip archive (too short)');
  const eocd = findEocd(data);
  let count = u16(data, eocd + 10);
  let offset = u32(data, eocd + 16);
  if (count === 0xffff || offset === U32_MAX) {
    const locator = eocd - 20;
    if (u32(data, locator) !== ZIP64_LOCATOR) throw new ZipError('bad ZIP64 locator');
    const z = u64(data, locator + 8);
    if (u32(data, z) !== ZIP64_EOCD) throw new ZipError('bad ZIP64 end of central directory');
    count = u64(data, z + 32);
    offset = u64(data, z + 48);
  }
  if (count > MAX_ENTRIES) throw new ZipError(`too many entries (${count})`);
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (u32(data, at) !== CENTRAL) throw new ZipError('bad central directory entry');
    const nameLength = u16(data, at + 28);
    const extraLength = u16(data, at + 30);
    const commentLength = u16(data, at + 32);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd > data.length) throw new ZipError('truncated archive');
    const entry: CentralEntry = {
      name: data.toString('utf8', at + 46, nameEnd),
      flags: u16(data, at + 8),
      method: u16(data, at + 10),
      crc: u32(data, at + 16),
      compressedSize: u32(data, at + 20),
      size: u32(data, at + 24),
      localOffset: u32(data, at + 42),
    };
    applyZip64(data, nameEnd, extraLength, entry);
    checkName(entry.name);
    yield entry;
    at = nameEnd + extraLength + commentLength;
  }
}

/** ZIP64 extended information (0x0001): the 8-byte values of the fields that read 0xFFFFFFFF. */
function applyZip64(data: Buffer, start: number, length: number, entry: CentralEntry): void {
  let at = start;
  const end = start + length;
  while (at + 4 <= end) {
    const id = u16(data, at);
    const size = u16(data, at + 2);
    if (id === 0x0001) {
      let p = at + 4;
      for (const field of ['size', 'compressedSize', 'localOffset'] as const) {
        if (entry[field] === U32_MAX) {
          entry[field] = u64(data, p);
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

function extract(data: Buffer, entry: CentralEntry): Buffer {
  if (entry.flags & 0x1) throw new ZipError(`${entry.name} is encrypted`);
  const at = entry.localOffset;
  if (u32(data, at) !== LOCAL) throw new ZipError(`${entry.name}: bad local header`);
  const start = at + 30 + u16(data, at + 26) + u16(data, at + 28);
  const end = start + entry.compressedSize;
  if (end > data.length) throw new ZipError(`${entry.name}: truncated data`);
  const raw = data.subarray(start, end);
  let out: Buffer;
  if (entry.method === 0) out = Buffer.from(raw);
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
    } catch (err) {
      throw new ZipError(`${entry.name}: cannot inflate (${(err as Error).message})`);
    }
  } else throw new ZipError(`${entry.name}: unsupported compression method ${entry.method}`);
  if (out.length !== entry.size) throw new ZipError(`${entry.name}: size mismatch`);
  if (crc32(out) >>> 0 !== entry.crc) throw new ZipError(`${entry.name}: CRC-32 mismatch`);
  return out;
}
