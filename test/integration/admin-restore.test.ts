// A backup that is whole (every SHA-256 matches its manifest) but whose database was edited
// before it was packed: the restore verifies the ledger before replacing anything, so it is
// refused with the verdict printed (exit 1) and the target is left as it was.
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { StoredZipWriter } from '../../src/admin/zip-store.js';
import { readZip } from '../../src/packs/zip-reader.js';
import { EXAMPLES, tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));
function tmp(): string {
  const d = tempDataDir('evid-restore-');
  dirs.push(d);
  return d.dir;
}

it('refuses a backup whose ledger does not verify, naming why, with nothing restored', async () => {
  const live = tmp();
  const work = tmp();
  expect(
    (
      await runCli('evid', ['traces', 'ingest', join(EXAMPLES, 'support-bot.json')], {
        dataDir: live,
      })
    ).code,
  ).toBe(0);
  const good = join(work, 'good.zip');
  const made = await runCli('evid', ['admin', 'backup', '--full', '--output', good], {
    dataDir: live,
  });
  expect(made.code, made.stderr).toBe(0);

  // Unpack, edit a prompt in the database, repack with a manifest that matches the new bytes.
  const files = readZip(readFileSync(good));
  const unpacked = mkdtempSync(join(work, 'x-'));
  for (const [name, data] of files) writeFileSync(join(unpacked, name), data);
  const db = new Database(join(unpacked, 'evid.db'));
  db.prepare("UPDATE events SET prompt = 'nothing to see here' WHERE id = 1").run();
  db.close();
  const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
  const bad = join(work, 'bad.zip');
  const zip = new StoredZipWriter(bad, new Date());
  manifest.files = manifest.files.map((f: { name: string }) => ({
    name: f.name,
    ...zip.addFile(f.name, join(unpacked, f.name)),
  }));
  zip.addBuffer('manifest.json', Buffer.from(JSON.stringify(manifest)));
  zip.finish();

  const target = join(tmp(), 'never-made');
  const r = await runCli('evid', ['admin', 'restore', bad, '--data-dir', target], {
    dataDir: target,
  });
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(/verify\s+FAILED \(tampered\)/);
  expect(r.stderr).toMatch(/the backup's ledger does not verify: .*nothing restored/);
  expect(existsSync(target)).toBe(false);

  const ok = await runCli('evid', ['admin', 'restore', good, '--data-dir', target, '--json'], {
    dataDir: target,
  });
  expect(ok.code, ok.stderr).toBe(0);
  expect(JSON.parse(ok.stdout).verify.ok).toBe(true);
});
