/**
 * Hand-made zip archives for hostile-pack tests: each entry's stored bytes, method, CRC
 * and declared sizes are whatever the test says, as an attacker would write them (a
 * deflated bomb that declares a small size, two entries with one name, ...). Plain
 * PKWARE APPNOTE layout: local headers, central directory, end record; no ZIP64.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface CraftedEntry {
  name: string;
  /** The inflated content the entry stands for. */
  content: Buffer;
  /** Stored (0) or deflated (8, default). */
  method?: 0 | 8;
  /** The inflated size written in the headers (default: the content's real size). */
  declaredSize?: number;
  /** The bytes stored as the entry's data (default: the content, deflated for method 8). */
  raw?: Buffer;
}

export function craftZip(entries: readonly CraftedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const method = e.method ?? 8;
    const data = e.raw ?? (method === 8 ? deflateRawSync(e.content) : e.content);
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.content) >>> 0;
    const size = e.declaredSize ?? e.content.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The entries of a pack as read (manifest first), ready to be changed and crafted again. */
export function packEntries(files: Map<string, Buffer>): CraftedEntry[] {
  const names = [...files.keys()].sort((a, b) =>
    a === 'manifest.json' ? -1 : b === 'manifest.json' ? 1 : a < b ? -1 : 1,
  );
  return names.map((name) => ({ name, content: files.get(name)! }));
}
