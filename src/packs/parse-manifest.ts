/**
 * manifest.json as the verifier first sees it: attacker-controlled JSON that must have the
 * pack format's shape before anything else of the pack is read. Every file it lists needs
 * a safe name, a SHA-256 and a size (packs have always carried sizes; the size bounds how
 * much of the file the verifier will inflate), and no name twice.
 */
import { MANIFEST_FILE, MANIFEST_SIG_FILE, PACK_FORMATS, type PackManifest } from './manifest.js';
import { notAPack } from './verify-types.js';

const HEX32 = /^[0-9a-f]{64}$/;

export function parseManifest(bytes: Buffer, source: string): PackManifest {
  let manifest: PackManifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as PackManifest;
  } catch {
    throw notAPack(source, `${MANIFEST_FILE} is not JSON`);
  }
  if (
    !(PACK_FORMATS as readonly unknown[]).includes(manifest?.format) ||
    typeof manifest.pack_id !== 'string' ||
    !Array.isArray(manifest.files) ||
    typeof manifest.tree_head !== 'object' ||
    manifest.tree_head === null
  ) {
    throw notAPack(source, `${MANIFEST_FILE} is not a ${PACK_FORMATS.join(' or ')} manifest`);
  }
  const seen = new Set<string>();
  for (const f of manifest.files as unknown[]) {
    const file = f as { name?: unknown; sha256?: unknown; size?: unknown } | null;
    const name = typeof file?.name === 'string' ? file.name : '';
    if (
      name === '' ||
      name === MANIFEST_FILE ||
      name === MANIFEST_SIG_FILE ||
      seen.has(name) ||
      typeof file?.sha256 !== 'string' ||
      !HEX32.test(file.sha256) ||
      !Number.isSafeInteger(file.size) ||
      (file.size as number) < 0
    ) {
      throw notAPack(
        source,
        `${MANIFEST_FILE} lists a file without a unique name, a SHA-256 and a size (${JSON.stringify(f)?.slice(0, 200)})`,
      );
    }
    seen.add(name);
  }
  return manifest;
}
