/**
 * Small secret files a store creates on first use (the ledger signing key, the finding
 * fingerprint key): `<dir>/<name>`, mode 0600. Creation races are expected (a server and a
 * `docker exec evid` both opening a fresh store): each creator writes complete content to
 * its own temp file, fsyncs it and hard-links it to the final name. link(2) is atomic and
 * fails with EEXIST if the name is taken, so exactly one version wins, nobody ever reads a
 * half-written file, and the losers read the winner's. (rename(2) would not do: it
 * silently replaces.)
 */
import { nodeCrypto } from './lazy-crypto.js';
import fs from 'node:fs';
import path from 'node:path';

/** The file's text, creating dir and file with `make()` if missing (race-safe, see above). */
export function readOrCreateSecretFile(dir: string, name: string, make: () => string): string {
  const file = path.join(dir, name);
  const existing = readIfExists(file);
  if (existing !== undefined) return existing;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(
    dir,
    `.${name}.${process.pid}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`,
  );
  const fd = fs.openSync(temp, 'wx', 0o600);
  try {
    try {
      fs.fchmodSync(fd, 0o600); // whatever the umask
      fs.writeFileSync(fd, make());
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.linkSync(temp, file);
    syncDirectory(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return fs.readFileSync(file, 'utf8'); // ours or the race winner's
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Persist the new directory entry; best effort (not every platform can fsync a directory). */
function syncDirectory(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // ignored: the file itself is already synced
  }
}
