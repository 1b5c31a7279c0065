/**
 * manifest.json names every other file of a pack with its SHA-256, and carries the signed
 * tree head the proofs are against. manifest.sig is a C2SP signed note by the ledger key
 * over the manifest's hash, so no file of a pack (report included) can change without
 * the key; the trust root is still the key the verifier pins, never the one in the pack.
 */
import type { KeyObject } from 'node:crypto';
import { signNote, verifyNote } from '../ledger/signed-note.js';
import type { PackFilter } from './select.js';
import type { PackSummary } from './summary.js';

/** The format written; PACK_FORMAT_V1 packs are still verified (docs/packs.md). */
export const PACK_FORMAT = 'evid-pack/v2';
export const PACK_FORMAT_V1 = 'evid-pack/v1';
export const PACK_FORMATS = [PACK_FORMAT_V1, PACK_FORMAT] as const;
export const MANIFEST_NOTE_HEADER = 'evid-pack-manifest/v1';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_SIG_FILE = 'manifest.sig';
export const EVIDENCE_FILE = 'evidence.json';
export const PROOFS_FILE = 'proofs.json';
export const RECORDS_FILE = 'records.ndjson';
export const PUBLIC_KEY_FILE = 'ledger-public-key.pem';
export const VERIFIER_FILE = 'verify.mjs';
export const README_FILE = 'README.txt';

/** The offline verifier this installation ships, copied into every pack. */
export const INSTALLED_VERIFIER_URL = new URL('../../templates/verify.mjs', import.meta.url);

export const REPORT_FORMATS = ['json', 'html', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The report file of each format (json packs summarise inside evidence.json). */
export const REPORT_FILE: Record<ReportFormat, string | null> = {
  json: null,
  html: 'report.html',
  pdf: 'report.pdf',
};

export interface ManifestFile {
  name: string;
  sha256: string;
  size: number;
}

export interface PackManifest {
  format: (typeof PACK_FORMATS)[number];
  pack_id: string;
  created_at: string;
  generator: string;
  origin: string;
  report_format: ReportFormat;
  filters: PackFilter & { include_controls: boolean };
  counts: PackSummary['counts'];
  empty: boolean;
  tree_head: {
    tree_size: number;
    root_hash: string;
    signed_at: string | null;
    /** The signed checkpoint (null only when the ledger was empty at build time). */
    checkpoint: string | null;
  };
  public_key: { file: string; fingerprint: string };
  files: ManifestFile[];
}

/** The signed text: header, pack id, hex SHA-256 of manifest.json's bytes. */
export function manifestNoteText(packId: string, manifestSha256: string): string {
  return `${MANIFEST_NOTE_HEADER}\n${packId}\n${manifestSha256}\n`;
}

export function signManifest(
  packId: string,
  manifestSha256: string,
  keyName: string,
  privateKey: KeyObject,
): string {
  return signNote(manifestNoteText(packId, manifestSha256), keyName, privateKey);
}

/**
 * Verifies manifest.sig with a trusted key and returns the manifest hash it signs. Throws
 * SignatureError (bad or foreign signature) or Error (a signed text of another shape).
 */
export function verifyManifestSignature(
  note: string,
  keyName: string,
  publicKey: KeyObject,
): { packId: string; manifestSha256: string } {
  const text = verifyNote(note, keyName, publicKey);
  const [header, packId, sha] = text.slice(0, -1).split('\n');
  if (header !== MANIFEST_NOTE_HEADER || !packId || !sha || !/^[0-9a-f]{64}$/.test(sha)) {
    throw new Error('manifest.sig does not sign a pack manifest');
  }
  return { packId, manifestSha256: sha };
}
