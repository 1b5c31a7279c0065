import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferSource, readZip, ZipError, ZipReader } from '../../../src/packs/zip-reader.js';
import { writeZip } from '../../../src/packs/zip-writer.js';

const dir = mkdtempSync(join(tmpdir(), 'evid-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CONTENT = {
  'a.txt': 'hello\n',
  'empty.txt': '',
  'big.json': JSON.stringify(
    Array.from({ length: 5000 }, (_, i) => ({ i, text: `row ${i} ü 東京` })),
  ),
  'bin.dat': Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
};

async function makeZip(name: string, date = new Date('2026-01-02T03:04:05Z')): Promise<string> {
  const files = Object.entries(CONTENT).map(([n, content]) => {
    const path = join(dir, `src-${n}`);
    writeFileSync(path, content);
    return { name: n, path };
  });
  const out = join(dir, name);
  await writeZip(out, files, date);
  return out;
}

describe('zip writer and reader', () => {
  it('round-trips files byte for byte, and unzip -t accepts the archive', async () => {
    const zip = await makeZip('ok.zip');
    expect(execFileSync('unzip', ['-t', zip], { encoding: 'utf8' })).toContain(
      'No errors detected',
    );
    const files = readZip(readFileSync(zip));
    expect([...files.keys()].sort()).toEqual(Object.keys(CONTENT).sort());
    for (const [name, content] of Object.entries(CONTENT)) {
      expect(files.get(name)!.equals(Buffer.from(content))).toBe(true);
    }
  });

  it('writes the same bytes for the same inputs and date', async () => {
    const a = readFileSync(await makeZip('same-a.zip'));
    const b = readFileSync(await makeZip('same-b.zip'));
    expect(a.equals(b)).toBe(true);
  });

  it('keeps the entries in the order given, whatever order the files are stat-ed in', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `f${String(59 - i).padStart(2, '0')}.txt`);
    const files = names.map((n, i) => {
      const path = join(dir, `order-${n}`);
      writeFileSync(path, 'x'.repeat((i * 7919) % 20000));
      return { name: n, path };
    });
    const out = join(dir, 'order.zip');
    await writeZip(out, files, new Date('2026-01-02T03:04:05Z'));
    expect([...readZip(readFileSync(out)).keys()]).toEqual(names);
  });

  it('refuses what is not a zip, or a damaged one, with a ZipError', async () => {
    expect(() =>
      readZip(Buffer.from('plain text that is long enough to scan for a record')),
    ).toThrow(ZipError);
    expect(() => readZip(Buffer.alloc(3))).toThrow(/too short/);
    const good = readFileSync(await makeZip('damage.zip'));
    expect(() => readZip(good.subarray(0, good.length - 30))).toThrow(ZipError);
    // A flipped byte inside the first entry's data: inflate error or CRC mismatch.
    const flipped = Buffer.from(good);
    flipped[60] ^= 0xff;
    expect(() => readZip(flipped)).toThrow(ZipError);
  });

  it('caps inflation at the declared size (no zip bombs)', async () => {
    const zip = Buffer.from(readFileSync(await makeZip('bomb.zip')));
    // Find big.json's central directory entry and shrink its declared size.
    const name = Buffer.from('big.json');
    let at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    while (at >= 0 && !zip.subarray(at + 46, at + 46 + name.length).equals(name)) {
      at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at - 1);
    }
    expect(at).toBeGreaterThan(0);
    zip.writeUInt32LE(100, at + 24);
    expect(() => readZip(zip)).toThrow(/big\.json/);
  });

  it('reads and streams an entry only up to the limit the caller gives', async () => {
    const zip = new ZipReader(bufferSource(readFileSync(await makeZip('limits.zip'))));
    const big = zip.entries.get('big.json')!;
    const size = Buffer.byteLength(CONTENT['big.json']);
    expect(zip.read(big, size).length).toBe(size);
    expect(() => zip.read(big, size - 1)).toThrow(
      `big.json inflates to more than ${size - 1} bytes`,
    );
    let seen = 0;
    expect(await zip.stream(big, size, (c) => (seen += c.length))).toBe(size);
    expect(seen).toBe(size);
    await expect(zip.stream(big, 100, () => {})).rejects.toThrow(
      'big.json inflates to more than 100 bytes',
    );
  });
});
