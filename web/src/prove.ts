/**
 * "Prove it": checks in the browser, with Web Crypto, that a record's ledger entry is in
 * the signed Merkle tree (RFC 9162 2.1.3.2). Trusts nothing the server computed: the leaf
 * is re-encoded from the entry's fields (RFC 8785: keys sorted, strings as JSON.stringify),
 * hashed as SHA-256(0x00 || leaf), folded with the path, and compared with the signed root.
 */
export interface LedgerEntry {
  seq: number;
  kind: string;
  subject_id: string;
  digest: string;
  recorded_at: string;
  actor: string;
}

export interface EntryProof {
  entry: LedgerEntry;
  leaf_json: string;
  leaf_index: number;
  proof: string[];
}

export interface SubjectProofs {
  subject_id: string;
  tree_head: { tree_size: number; root_hash: string; signed_at: string; checkpoint: string };
  entries: EntryProof[];
}

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function unhex(text: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(text)) throw new Error(`not hex: ${text}`);
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

async function sha256(prefix: number, ...parts: Uint8Array[]): Promise<Uint8Array> {
  const total = parts.reduce((n, p) => n + p.length, 1);
  const buf = new Uint8Array(total);
  buf[0] = prefix;
  let at = 1;
  for (const p of parts) {
    buf.set(p, at);
    at += p.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', buf));
}

/** The leaf data of an entry, re-encoded here (every field is a string). */
export function leafJson(e: LedgerEntry): string {
  const fields = {
    actor: e.actor,
    digest: e.digest,
    kind: e.kind,
    recorded_at: e.recorded_at,
    subject_id: e.subject_id,
  };
  return `{${Object.entries(fields)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(',')}}`;
}

/** RFC 9162 2.1.3.2: the root a leaf hash and its inclusion path give. */
export async function rootFromPath(
  leafHash: Uint8Array,
  index: number,
  size: number,
  path: Uint8Array[],
): Promise<Uint8Array> {
  if (index >= size) throw new Error('leaf index beyond the tree');
  let fn = index;
  let sn = size - 1;
  let r = leafHash;
  for (const p of path) {
    if (sn === 0) throw new Error('path longer than the tree is deep');
    if (fn % 2 === 1 || fn === sn) {
      r = await sha256(1, p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = await sha256(1, r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  if (sn !== 0) throw new Error('path shorter than the tree is deep');
  return r;
}

export interface ProofCheck {
  seq: number;
  kind: string;
  ok: boolean;
  detail: string;
}

export async function checkProofs(p: SubjectProofs): Promise<ProofCheck[]> {
  const size = p.tree_head.tree_size;
  return Promise.all(
    p.entries.map(async ({ entry, leaf_index, proof }) => {
      try {
        if (leaf_index !== entry.seq - 1) throw new Error('leaf index is not seq - 1');
        const leaf = await sha256(0, new TextEncoder().encode(leafJson(entry)));
        const root = await rootFromPath(leaf, leaf_index, size, proof.map(unhex));
        const ok = hex(root) === p.tree_head.root_hash;
        return {
          seq: entry.seq,
          kind: entry.kind,
          ok,
          detail: ok
            ? `leaf ${hex(leaf).slice(0, 12)}… + ${proof.length} hashes = signed root ${p.tree_head.root_hash.slice(0, 12)}… (tree size ${size})`
            : `computed root ${hex(root).slice(0, 12)}… differs from the signed root ${p.tree_head.root_hash.slice(0, 12)}…`,
        };
      } catch (err) {
        return { seq: entry.seq, kind: entry.kind, ok: false, detail: (err as Error).message };
      }
    }),
  );
}
