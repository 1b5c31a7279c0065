#!/usr/bin/env node
// Offline verifier for an evid evidence pack. Needs only Node.js >= 20 (node:crypto and
// node:zlib, no packages). It checks, with a key YOU pin (never the one in the pack alone):
//   1. every file against its SHA-256 in manifest.json, and no unlisted file;
//   2. that the pack's public key has the pinned fingerprint (or equals --key);
//   3. manifest.sig: the ledger key's signature over manifest.json's SHA-256;
//   4. the signed tree head (C2SP checkpoint, Ed25519) in manifest.json;
//   5. every inclusion proof in proofs.json (RFC 9162 2.1.3.2) against that tree head,
//      with each leaf recomputed from its entry;
//   6. every record in evidence.json re-hashed (RFC 8785 JCS + SHA-256) against its entry.
// It cannot check the pack against the store's current ledger: that is
// `audit evidence verify`, run where the store is.
//
// Usage:
//   node verify.mjs [PACK.zip | DIR] --fingerprint <64 hex> | --key <public-key.pem>
// PACK.zip is read directly (the zip is inflated here); DIR is an unzipped pack. With no
// path, the directory holding this script is checked (run it inside the unzipped pack).
// Exit status: 0 verified, 1 a check failed (or not a pack), 2 usage error.
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const sha256 = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};

// ---------------------------------------------------------------- arguments
function parseArgs(argv) {
  const out = { path: undefined, fingerprint: undefined, key: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--fingerprint') out.fingerprint = argv[++i];
    else if (a.startsWith('--fingerprint=')) out.fingerprint = a.slice(14);
    else if (a === '--key') out.key = argv[++i];
    else if (a.startsWith('--key=')) out.key = a.slice(6);
    else if (a === '-h' || a === '--help') out.help = true;
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else if (out.path === undefined) out.path = a;
    else throw new UsageError(`unexpected argument ${a}`);
  }
  return out;
}

class UsageError extends Error {}

// ---------------------------------------------------------------- zip reading
const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32(buf) {
  if (typeof zlib.crc32 === 'function') return zlib.crc32(buf) >>> 0;
  let c = -1;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function readZip(data) {
  const bad = (why) => {
    throw new Error(`not a zip archive: ${why}`);
  };
  const need = (at, n) => (at >= 0 && at + n <= data.length ? at : bad('truncated'));
  const u16 = (at) => data.readUInt16LE(need(at, 2));
  const u32 = (at) => data.readUInt32LE(need(at, 4));
  const u64 = (at) => Number(data.readBigUInt64LE(need(at, 8)));
  let eocd = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (
      data.readUInt32LE(at) === 0x06054b50 &&
      at + 22 + data.readUInt16LE(at + 20) === data.length
    ) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) bad('no end of central directory');
  let count = u16(eocd + 10);
  let at = u32(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) {
    if (u32(eocd - 20) !== 0x07064b50) bad('bad ZIP64 locator');
    const z = u64(eocd - 12);
    if (u32(z) !== 0x06064b50) bad('bad ZIP64 record');
    count = u64(z + 32);
    at = u64(z + 48);
  }
  const files = new Map();
  for (let i = 0; i < count; i++) {
    if (u32(at) !== 0x02014b50) bad('bad central directory');
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const name = data.toString('utf8', need(at + 46, nameLength), at + 46 + nameLength);
    const e = {
      flags: u16(at + 8),
      method: u16(at + 10),
      crc: u32(at + 16),
      compressed: u32(at + 20),
      size: u32(at + 24),
      offset: u32(at + 42),
    };
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength;) {
      if (u16(x) === 1) {
        let p = x + 4;
        for (const f of ['size', 'compressed', 'offset']) {
          if (e[f] === 0xffffffff) {
            e[f] = u64(p);
            p += 8;
          }
        }
      }
      x += 4 + u16(x + 2);
    }
    at += 46 + nameLength + extraLength + u16(at + 32);
    if (name.endsWith('/')) continue;
    if (files.has(name)) bad(`duplicate entry ${name}`);
    if (e.flags & 1) bad(`${name} is encrypted`);
    if (u32(e.offset) !== 0x04034b50) bad(`${name}: bad local header`);
    const start = e.offset + 30 + u16(e.offset + 26) + u16(e.offset + 28);
    const raw = data.subarray(need(start, e.compressed), start + e.compressed);
    let out;
    if (e.method === 0) out = Buffer.from(raw);
    else if (e.method === 8)
      out = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size) });
    else bad(`${name}: compression method ${e.method}`);
    if (out.length !== e.size || crc32(out) !== e.crc) bad(`${name}: corrupt (size or CRC-32)`);
    files.set(name, out);
  }
  return files;
}

function readPack(path) {
  if (statSync(path).isDirectory()) {
    const files = new Map();
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isFile()) files.set(name, readFileSync(full));
    }
    return files;
  }
  return readZip(readFileSync(path));
}

// ---------------------------------------------------------------- JCS (RFC 8785)
// JSON.stringify already gives RFC 8785's strings and numbers; JCS adds sorted member
// names (UTF-16 code unit order, which is sort()'s default) and no whitespace.
function jcs(value) {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('non-finite number');
    if (value === undefined || typeof value === 'function') throw new Error('not JSON');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  const keys = Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${jcs(value[k])}`).join(',')}}`;
}

// ---------------------------------------------------------------- keys and signed notes
function rawKey(publicKey) {
  return Buffer.from(publicKey.export({ format: 'jwk' }).x, 'base64url');
}

function fingerprintOf(publicKey) {
  return sha256(rawKey(publicKey)).toString('hex');
}

function loadKey(pem) {
  if (!pem.includes('-----BEGIN')) throw new Error('not a PEM key');
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  return key;
}

// C2SP signed note: text, blank line, "— <name> <base64(4-byte key id || signature)>" lines.
function verifyNote(note, keyName, publicKey) {
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new Error('malformed signed note');
  const text = note.slice(0, split + 1);
  const keyId = sha256(Buffer.from(`${keyName}\n`), Buffer.of(1), rawKey(publicKey)).subarray(0, 4);
  let verified = false;
  for (const line of note.slice(split + 2).split('\n')) {
    if (line === '') continue;
    const m = /^\u2014 (\S+) (\S+)$/.exec(line);
    if (!m) throw new Error('malformed signature line');
    const blob = Buffer.from(m[2], 'base64');
    if (m[1] !== keyName || blob.length !== 68 || !blob.subarray(0, 4).equals(keyId)) continue;
    if (!verifySignature(null, Buffer.from(text), publicKey, blob.subarray(4))) {
      throw new Error(`signature by ${keyName} does not verify`);
    }
    verified = true;
  }
  if (!verified) throw new Error(`no signature by ${keyName} with the trusted key`);
  return text;
}

// ---------------------------------------------------------------- Merkle proofs (RFC 9162)
const hashChildren = (l, r) => sha256(Buffer.of(1), l, r);

function leafHash(e) {
  const data = jcs({
    actor: e.actor,
    digest: e.digest,
    kind: e.kind,
    recorded_at: e.recorded_at,
    subject_id: e.subject_id,
  });
  return sha256(Buffer.of(0), Buffer.from(data, 'utf8'));
}

// RFC 9162 2.1.3.2, with division instead of bit shifts (sizes up to 2^53).
function verifyInclusion(index, size, leaf, path, root) {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) {
    throw new Error(`leaf index ${index} is not in [0, ${size})`);
  }
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const hex of path) {
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('malformed proof hash');
    const p = Buffer.from(hex, 'hex');
    if (sn === 0) throw new Error('proof too long');
    if (fn % 2 === 1 || fn === sn) {
      r = hashChildren(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn /= 2;
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = hashChildren(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  if (sn !== 0) throw new Error('proof too short');
  if (!r.equals(root)) throw new Error('proof does not give the signed root');
}

// ---------------------------------------------------------------- the checks
const SECTIONS = {
  traces: ['trace.ingested', 'trace_id'],
  events: ['event.ingested', 'event_id'],
  findings: ['finding.created', 'finding_id'],
  finding_updates: ['finding.updated', 'finding_id'],
};

function verifyPackFiles(files, trusted) {
  const results = [];
  const check = (name, fn) => {
    try {
      results.push({ check: name, ok: true, message: fn() });
    } catch (err) {
      results.push({ check: name, ok: false, message: err.message });
    }
  };
  const text = (name) => {
    if (!files.has(name)) throw new Error(`${name} is missing`);
    return files.get(name).toString('utf8');
  };
  let manifest;
  try {
    manifest = JSON.parse(text('manifest.json'));
  } catch {
    throw new Error('not an evidence pack: no readable manifest.json');
  }
  if (manifest.format !== 'evid-pack/v1')
    throw new Error('not an evidence pack: unknown manifest format');

  check('files', () => {
    const listed = new Set();
    for (const f of manifest.files) {
      const bytes = files.get(f.name);
      if (!bytes) throw new Error(`${f.name} is listed but missing`);
      if (sha256(bytes).toString('hex') !== f.sha256 || bytes.length !== f.size) {
        throw new Error(`${f.name} does not match its manifest hash`);
      }
      listed.add(f.name);
    }
    for (const name of files.keys()) {
      if (name !== 'manifest.json' && name !== 'manifest.sig' && !listed.has(name)) {
        throw new Error(`${name} is not in the manifest`);
      }
    }
    return `${listed.size} files match the manifest`;
  });

  let key = trusted.key;
  check('key', () => {
    const packKey = loadKey(text(manifest.public_key.file));
    const fp = fingerprintOf(packKey);
    if (fp !== trusted.fingerprint) {
      throw new Error(`the pack carries key ${fp}, not the trusted ${trusted.fingerprint}`);
    }
    key ??= packKey;
    return `signed with the trusted key ${fp}`;
  });
  const needKey = () => {
    if (!key) throw new Error('no trusted key to check with');
    return key;
  };

  check('manifest_signature', () => {
    const signed = verifyNote(text('manifest.sig'), manifest.origin, needKey()).split('\n');
    const actual = sha256(files.get('manifest.json')).toString('hex');
    if (
      signed[0] !== 'evid-pack-manifest/v1' ||
      signed[1] !== manifest.pack_id ||
      signed[2] !== actual
    ) {
      throw new Error('manifest.sig signs another manifest');
    }
    return 'manifest.json is signed by the trusted key';
  });

  const head = manifest.tree_head;
  check('tree_head_signature', () => {
    if (head.checkpoint === null && head.tree_size === 0) return 'skipped: the ledger was empty';
    const body = verifyNote(head.checkpoint, manifest.origin, needKey()).split('\n');
    const root = Buffer.from(body[2] ?? '', 'base64').toString('hex');
    if (
      body[0] !== manifest.origin ||
      Number(body[1]) !== head.tree_size ||
      root !== head.root_hash
    ) {
      throw new Error('the checkpoint does not match the manifest tree head');
    }
    return `tree head ${head.tree_size} / ${root} is signed`;
  });

  let entries = [];
  check('inclusion_proofs', () => {
    const proofs = JSON.parse(text('proofs.json'));
    if (proofs.tree_size !== head.tree_size || proofs.root_hash !== head.root_hash) {
      throw new Error('proofs.json is against another tree head');
    }
    entries = proofs.entries;
    const root = Buffer.from(head.root_hash, 'hex');
    for (const e of entries) {
      if (e.leaf_index !== e.seq - 1) throw new Error(`entry ${e.seq}: wrong leaf index`);
      try {
        verifyInclusion(e.leaf_index, head.tree_size, leafHash(e), e.inclusion_proof, root);
      } catch (err) {
        throw new Error(`entry ${e.seq} (${e.kind} ${e.subject_id}): ${err.message}`);
      }
    }
    return `${entries.length} inclusion proofs verify`;
  });

  check('records', () => {
    const evidence = JSON.parse(text('evidence.json'));
    const bySeq = new Map(entries.map((e) => [e.seq, e]));
    const used = new Set();
    let records = 0;
    let purged = 0;
    for (const [section, [kind, field]] of Object.entries(SECTIONS)) {
      for (const item of evidence[section] ?? []) {
        const e = bySeq.get(item.seq);
        if (!e || used.has(item.seq) || e.kind !== kind) {
          throw new Error(`${section} record seq ${item.seq} has no matching proof entry`);
        }
        used.add(item.seq);
        if (item.record === null && item.purged === true && kind === 'event.ingested') {
          if (item.event_id !== e.subject_id)
            throw new Error(`purged event ${item.seq}: wrong subject`);
          purged++;
          continue;
        }
        if (item.record?.[field] !== e.subject_id)
          throw new Error(`${section} record ${item.seq}: wrong subject`);
        if (sha256(Buffer.from(jcs(item.record), 'utf8')).toString('hex') !== e.digest) {
          throw new Error(
            `${section} record ${e.subject_id} (seq ${e.seq}) does not match its ledger digest`,
          );
        }
        records++;
      }
    }
    if (used.size !== entries.length) throw new Error('some proof entries have no record');
    return `${records} records match their ledger digests${purged ? `, ${purged} purged` : ''}`;
  });
  return { manifest, results };
}

function main(argv) {
  let args;
  try {
    args = parseArgs(argv);
  } catch (err) {
    process.stderr.write(`verify.mjs: ${err.message}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(
      'usage: node verify.mjs [PACK.zip | DIR] --fingerprint <hex> | --key <pem>\n',
    );
    return 0;
  }
  if ((args.fingerprint === undefined) === (args.key === undefined)) {
    process.stderr.write(
      'verify.mjs: pin the trust root with exactly one of --fingerprint <64 hex> or --key <public-key.pem>\n' +
        '  (the key inside the pack proves nothing on its own: a forger would ship their own)\n',
    );
    return 2;
  }
  const trusted = {};
  try {
    if (args.key !== undefined) {
      trusted.key = loadKey(readFileSync(args.key, 'utf8'));
      trusted.fingerprint = fingerprintOf(trusted.key);
    } else {
      trusted.fingerprint = String(args.fingerprint).trim().toLowerCase().replace(/:/g, '');
      if (!/^[0-9a-f]{64}$/.test(trusted.fingerprint))
        throw new Error('--fingerprint must be 64 hex digits');
    }
  } catch (err) {
    process.stderr.write(`verify.mjs: ${err.message}\n`);
    return 2;
  }
  const path = args.path ?? dirname(fileURLToPath(import.meta.url));
  let outcome;
  try {
    outcome = verifyPackFiles(readPack(path), trusted);
  } catch (err) {
    process.stderr.write(`verify.mjs: ${path}: ${err.message}\n`);
    return 1;
  }
  const { manifest, results } = outcome;
  process.stdout.write(
    `pack ${manifest.pack_id} (${manifest.created_at}), trusted key ${trusted.fingerprint}\n`,
  );
  for (const r of results)
    process.stdout.write(`  ${r.ok ? 'ok    ' : 'FAILED'}  ${r.check}: ${r.message}\n`);
  const failed = results.filter((r) => !r.ok);
  process.stdout.write(
    failed.length ? `FAILED (${failed.map((r) => r.check).join(', ')})\n` : 'VERIFIED\n',
  );
  return failed.length ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
