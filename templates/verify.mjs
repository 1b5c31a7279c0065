#!/usr/bin/env node
// Offline verifier for an evid evidence pack. Needs only Node.js >= 20 (node:crypto and
// node:zlib, no packages). It checks, with a key YOU pin (never the one in the pack alone):
//   1. every file against its size and SHA-256 in manifest.json, and no unlisted file
//      (manifest.json is read first; an entry it does not list, or whose size differs,
//      is never inflated, and the rest are hashed as streams up to the listed size);
//   2. that the pack's public key has the pinned fingerprint (or equals --key);
//   3. manifest.sig: the ledger key's signature over manifest.json's SHA-256;
//   4. the signed tree head (C2SP checkpoint, Ed25519) in manifest.json;
//   5. the batch inclusion proof in records.ndjson (evid-pack/v2) against that tree head,
//      with each leaf recomputed from its entry (v1 packs: every PATH in proofs.json,
//      RFC 9162 2.1.3.2);
//   6. every record re-hashed (RFC 8785 JCS + SHA-256) against its entry.
// records.ndjson is read as a stream, one line at a time: memory does not grow with it.
// It cannot check the pack against the store's current ledger: that is
// `audit evidence verify`, run where the store is.
//
// Usage:
//   node verify.mjs [PACK.zip | DIR] --fingerprint <64 hex> | --key <public-key.pem>
// PACK.zip is read directly (the zip is inflated here); DIR is an unzipped pack. With no
// path, the directory holding this script is checked (run it inside the unzipped pack).
// Exit status: 0 verified, 1 a check failed (or not a pack), 2 usage error.
import * as nodeCrypto from 'node:crypto';
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

// crypto.hash is read off the namespace: a named import would fail to link on older Node.
const cryptoHash = nodeCrypto.hash;
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
// The pack is attacker-controlled: a 1 MB zip can inflate to gigabytes. Entries are read
// from the file on demand, never all at once; manifest.json is read first (at most
// MANIFEST_LIMIT bytes), and every other entry is inflated only up to the size the
// manifest lists for it, hashing as it streams.
const MANIFEST_LIMIT = 1 << 20;
const SMALL_FILE_LIMIT = 64 << 10;
const UNSIGNED_READ_LIMIT = 64 << 20;
const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32(buf, prev = 0) {
  if (typeof zlib.crc32 === 'function') return zlib.crc32(buf, prev) >>> 0;
  let c = prev ^ -1;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

class NotAPack extends Error {}

function openZip(path) {
  const bad = (why) => {
    throw new NotAPack(`not a zip archive: ${why}`);
  };
  const fd = openSync(path, 'r');
  const length = fstatSync(fd).size;
  const read = (at, n) => {
    if (at < 0 || n < 0 || at + n > length) bad('truncated');
    const buf = Buffer.alloc(n);
    for (let got = 0; got < n;) {
      const k = readSync(fd, buf, got, n - got, at + got);
      if (k === 0) bad('truncated');
      got += k;
    }
    return buf;
  };
  const u64 = (buf, at) => {
    const n = buf.readBigUInt64LE(at);
    if (n > BigInt(Number.MAX_SAFE_INTEGER)) bad('size out of range');
    return Number(n);
  };
  try {
    if (length < 22) bad('too short');
    const tailStart = Math.max(0, length - 22 - 0xffff);
    const tail = read(tailStart, length - tailStart);
    let e = -1;
    for (let at = tail.length - 22; at >= 0; at--) {
      if (
        tail.readUInt32LE(at) === 0x06054b50 &&
        at + 22 + tail.readUInt16LE(at + 20) === tail.length
      ) {
        e = at;
        break;
      }
    }
    if (e < 0) bad('no end of central directory');
    let count = tail.readUInt16LE(e + 10);
    let dirSize = tail.readUInt32LE(e + 12);
    let offset = tail.readUInt32LE(e + 16);
    if (count === 0xffff || offset === 0xffffffff || dirSize === 0xffffffff) {
      const locator = read(tailStart + e - 20, 20);
      if (locator.readUInt32LE(0) !== 0x07064b50) bad('bad ZIP64 locator');
      const z = read(u64(locator, 8), 56);
      if (z.readUInt32LE(0) !== 0x06064b50) bad('bad ZIP64 record');
      count = u64(z, 32);
      dirSize = u64(z, 40);
      offset = u64(z, 48);
    }
    if (count > 10000) bad(`too many entries (${count})`);
    const dir = read(offset, dirSize);
    const need = (at, n) => (at + n <= dir.length ? at : bad('truncated central directory'));
    const entries = new Map();
    for (let i = 0, at = 0; i < count; i++) {
      if (dir.readUInt32LE(need(at, 46)) !== 0x02014b50) bad('bad central directory');
      const nameLength = dir.readUInt16LE(at + 28);
      const extraLength = dir.readUInt16LE(at + 30);
      const nameEnd = need(at + 46, nameLength + extraLength) + nameLength;
      const name = dir.toString('utf8', at + 46, nameEnd);
      const ent = {
        name,
        flags: dir.readUInt16LE(at + 8),
        method: dir.readUInt16LE(at + 10),
        crc: dir.readUInt32LE(at + 16),
        compressed: dir.readUInt32LE(at + 20),
        size: dir.readUInt32LE(at + 24),
        offset: dir.readUInt32LE(at + 42),
      };
      for (let x = nameEnd; x + 4 <= nameEnd + extraLength;) {
        if (dir.readUInt16LE(x) === 1) {
          let p = x + 4;
          for (const f of ['size', 'compressed', 'offset']) {
            if (ent[f] === 0xffffffff) {
              ent[f] = u64(dir, need(p, 8));
              p += 8;
            }
          }
        }
        x += 4 + dir.readUInt16LE(x + 2);
      }
      at = nameEnd + extraLength + dir.readUInt16LE(at + 32);
      if (
        name === '' ||
        name.startsWith('/') ||
        name.includes('\\') ||
        name.includes('\0') ||
        name.split('/').includes('..')
      ) {
        bad(`unsafe entry name ${JSON.stringify(name)}`);
      }
      if (name.endsWith('/')) continue;
      if (entries.has(name)) bad(`duplicate entry ${name}`);
      entries.set(name, ent);
    }
    const tooBig = (name, limit) => new Error(`${name} inflates to more than ${limit} bytes`);
    const dataStart = (ent) => {
      if (ent.flags & 1) throw new Error(`${ent.name} is encrypted`);
      if (ent.method !== 0 && ent.method !== 8) {
        throw new Error(`${ent.name}: compression method ${ent.method}`);
      }
      const h = read(ent.offset, 30);
      if (h.readUInt32LE(0) !== 0x04034b50) throw new Error(`${ent.name}: bad local header`);
      return ent.offset + 30 + h.readUInt16LE(26) + h.readUInt16LE(28);
    };
    const get = (name) => {
      const ent = entries.get(name);
      if (!ent) throw new Error(`${name} is missing`);
      return ent;
    };
    return {
      names: [...entries.keys()],
      size: (name) => entries.get(name)?.size,
      read(name, limit) {
        const ent = get(name);
        if (ent.size > limit) throw tooBig(name, limit);
        const raw = read(dataStart(ent), ent.compressed);
        let out;
        try {
          out =
            ent.method === 0
              ? raw
              : zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, ent.size) });
        } catch (err) {
          throw new Error(`${name}: cannot inflate (${err.message})`);
        }
        if (out.length !== ent.size || crc32(out) !== ent.crc) {
          throw new Error(`${name}: corrupt (size or CRC-32)`);
        }
        return out;
      },
      async hash(name, limit) {
        const h = createHash('sha256');
        const size = await this.stream(name, limit, (chunk) => h.update(chunk));
        return { sha256: h.digest('hex'), size };
      },
      async stream(name, limit, onChunk) {
        const ent = get(name);
        if (ent.size > limit) throw tooBig(name, limit);
        const start = dataStart(ent);
        function* compressed() {
          for (let at = 0; at < ent.compressed; at += 1 << 20) {
            yield read(start + at, Math.min(1 << 20, ent.compressed - at));
          }
        }
        let size = 0;
        let crc = 0;
        let stopped; // pipeline may report its own abort rather than this reason
        async function consume(chunks) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (size > limit) throw (stopped = tooBig(name, limit));
            crc = crc32(chunk, crc);
            onChunk(chunk);
          }
        }
        const stages = [Readable.from(compressed())];
        if (ent.method === 8) stages.push(zlib.createInflateRaw());
        try {
          await pipeline(...stages, consume);
        } catch (err) {
          if (stopped) throw stopped;
          if (err instanceof RecordsFault) throw err;
          throw new Error(`${name}: cannot inflate (${err.message})`);
        }
        if (size !== ent.size || crc !== ent.crc)
          throw new Error(`${name}: corrupt (size or CRC-32)`);
        return size;
      },
      close: () => closeSync(fd),
    };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

function openDirectory(dir) {
  const names = readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile());
  const file = (name) => {
    if (!names.includes(name)) throw new Error(`${name} is missing`);
    return join(dir, name);
  };
  return {
    names,
    size: (name) => (names.includes(name) ? statSync(join(dir, name)).size : undefined),
    read(name, limit) {
      if (statSync(file(name)).size > limit)
        throw new Error(`${name} holds more than ${limit} bytes`);
      return readFileSync(file(name));
    },
    async hash(name, limit) {
      const h = createHash('sha256');
      const size = await this.stream(name, limit, (chunk) => h.update(chunk));
      return { sha256: h.digest('hex'), size };
    },
    async stream(name, limit, onChunk) {
      let size = 0;
      for await (const chunk of createReadStream(file(name), { end: limit })) {
        size += chunk.length;
        if (size > limit) throw new Error(`${name} holds more than ${limit} bytes`);
        onChunk(chunk);
      }
      return size;
    },
    close() {},
  };
}

function openPack(path) {
  return statSync(path).isDirectory() ? openDirectory(path) : openZip(path);
}

// ---------------------------------------------------------------- JCS (RFC 8785)
// JSON.stringify already gives RFC 8785's strings and numbers; JCS adds sorted member
// names (UTF-16 code unit order, which is sort()'s default) and no whitespace.
// Strings of code units JSON.stringify leaves alone are emitted as they are (most text):
// this scan is about twice as fast as JSON.stringify's escaping loop.
const ALL_LITERAL = /^[\u0020\u0021\u0023-\u005b\u005d-\ud7ff\ue000-\uffff]*$/;
const jcsString = (s) => (ALL_LITERAL.test(s) ? '"' + s + '"' : JSON.stringify(s));
function jcs(value) {
  if (typeof value === 'string') return jcsString(value);
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('non-finite number');
    if (value === undefined || typeof value === 'function') throw new Error('not JSON');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + jcs(value[i]);
    return out + ']';
  }
  const keys = Object.keys(value).sort();
  let out = '{';
  for (const k of keys) {
    if (value[k] === undefined) continue;
    out += (out.length > 1 ? ',' : '') + jcsString(k) + ':' + jcs(value[k]);
  }
  return out + '}';
}

/** SHA-256 hex of a string's UTF-8 bytes; one-shot crypto.hash where Node has it (>= 20.12). */
const sha256Hex = cryptoHash
  ? (text) => cryptoHash('sha256', text, 'hex')
  : (text) => createHash('sha256').update(text, 'utf8').digest('hex');

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
export const hashChildren = (l, r) => sha256(Buffer.of(1), l, r);

function leafHash(e) {
  const data = jcs({
    actor: e.actor,
    digest: e.digest,
    kind: e.kind,
    recorded_at: e.recorded_at,
    subject_id: e.subject_id,
  });
  // RFC 6962 leaf: 0x00 then the entry; a NUL character is that one byte in UTF-8.
  return cryptoHash
    ? cryptoHash('sha256', '\u0000' + data, 'buffer')
    : sha256(Buffer.of(0), Buffer.from(data, 'utf8'));
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

// Batch inclusion proof (evid-pack/v2; docs/packs.md "Compact proofs"): the nodes are the
// maximal subtrees holding no proven leaf, left to right, each gap's just before the leaf
// after it. The verifier keeps the compact range covered so far (perfect subtrees of
// decreasing size) and folds it into the root at the end; each gap's node count is
// derived from the leaf indices and the tree size, and enforced exactly.
const lowBit = (p) => {
  let b = 1;
  while (p % (b * 2) === 0) b *= 2;
  return b;
};

export function gapRanges(lo, hi, size) {
  const out = [];
  let p = lo;
  while (p < hi) {
    if (hi === size && p > 0 && size - p < lowBit(p)) {
      out.push([p, size]);
      break;
    }
    let step = 1;
    if (p === 0) while (step * 2 <= hi) step *= 2;
    else step = lowBit(p);
    while (step > hi - p) step /= 2;
    out.push([p, p + step]);
    p += step;
  }
  return out;
}

export class BatchVerifier {
  constructor(size, root) {
    if (!Number.isSafeInteger(size) || size < 1) throw new Error(`bad tree size ${size}`);
    this.size = size;
    this.root = root;
    this.stack = [];
    this.pending = [];
    this.pos = 0;
    this.leaves = 0;
    this.done = false;
  }

  node(hash) {
    if (this.done) throw new Error('the batch proof is finished');
    if (hash.length !== 32) throw new Error('malformed proof hash');
    if (this.pending.length >= 106) throw new Error('more proof nodes than any gap can hold');
    this.pending.push(hash);
  }

  leaf(index, hash) {
    if (this.done) throw new Error('the batch proof is finished');
    if (!Number.isSafeInteger(index) || index < this.pos || index >= this.size) {
      throw new Error(`leaf ${index} is out of order or not in [${this.pos}, ${this.size})`);
    }
    this.fill(index);
    this.push(1, hash);
    this.leaves++;
  }

  finish() {
    if (this.done) throw new Error('the batch proof is finished');
    this.done = true;
    if (this.leaves === 0) throw new Error('a batch proof needs a leaf');
    this.fill(this.size);
    let h = this.stack[this.stack.length - 1].hash;
    for (let i = this.stack.length - 2; i >= 0; i--) h = hashChildren(this.stack[i].hash, h);
    if (!h.equals(this.root)) throw new Error('the batch proof does not give the signed root');
  }

  fill(hi) {
    const ranges = this.pos === hi ? [] : gapRanges(this.pos, hi, this.size);
    if (ranges.length !== this.pending.length) {
      throw new Error(
        `the gap [${this.pos}, ${hi}) needs ${ranges.length} proof nodes, got ${this.pending.length}`,
      );
    }
    ranges.forEach(([lo, end], i) => this.push(end - lo, this.pending[i]));
    this.pending = [];
  }

  push(size, hash) {
    this.pos += size;
    let top = this.stack[this.stack.length - 1];
    while (top && top.size === size) {
      this.stack.pop();
      hash = hashChildren(top.hash, hash);
      size *= 2;
      top = this.stack[this.stack.length - 1];
    }
    this.stack.push({ size, hash });
  }
}

// ---------------------------------------------------------------- evid-pack/v2 records
// records.ndjson: a header line, one line per ledger entry in seq order (the entry, the
// proof nodes of the gap before its leaf, the record), and an end line with the nodes
// after the last leaf. Read as a stream, one line at a time: memory does not grow with
// the number of records.
class RecordsFault extends Error {}

const HEX32 = /^[0-9a-f]{64}$/;
const MAX_LINE = 64 << 20;

function lineSplitter(onLine) {
  let parts = [];
  let held = 0;
  const hold = (part) => {
    held += part.length;
    if (held > MAX_LINE) throw new RecordsFault(`a line is longer than ${MAX_LINE} bytes`);
    parts.push(Buffer.from(part));
  };
  const emit = () => {
    const line = Buffer.concat(parts).toString('utf8');
    parts = [];
    held = 0;
    onLine(line);
  };
  return {
    push(chunk) {
      let start = 0;
      for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
        if (parts.length === 0 && nl - start <= MAX_LINE) onLine(chunk.toString('utf8', start, nl));
        else {
          hold(chunk.subarray(start, nl));
          emit();
        }
        start = nl + 1;
      }
      if (start < chunk.length) hold(chunk.subarray(start));
    },
    end() {
      if (held > 0) emit();
    },
  };
}

async function checkRecordsV2(pack, manifest, limit) {
  const head = manifest.tree_head;
  let inclusion = null;
  let records = null;
  const failProof = (why) => (inclusion ??= why);
  const failRecord = (why) => (records ??= why);
  const counts = { traces: 0, events: 0, findings: 0, finding_updates: 0 };
  let verifier;
  let state = 'header';
  let lastSeq = 0;
  let proofs = 0;
  let verified = 0;
  let purged = 0;
  const nodesOf = (line, where) => {
    if (
      !Array.isArray(line.nodes) ||
      !line.nodes.every((h) => typeof h === 'string' && HEX32.test(h))
    ) {
      failProof(`${where}: malformed proof nodes`);
      return undefined;
    }
    return line.nodes.map((h) => Buffer.from(h, 'hex'));
  };
  const prove = (fn, where) => {
    if (inclusion !== null || !verifier) return;
    try {
      fn();
    } catch (err) {
      failProof(`${where}: ${err.message}`);
    }
  };
  const onHeader = (line) => {
    state = 'entries';
    if (line.format !== 'evid-records/v2') {
      failProof('records.ndjson is not evid-records/v2');
      failRecord('records.ndjson is not evid-records/v2');
    } else if (line.tree_size !== head.tree_size || line.root_hash !== head.root_hash) {
      failProof('records.ndjson is against another tree head than the signed one');
    } else if (!HEX32.test(String(head.root_hash))) {
      failProof('the tree head root is not a SHA-256 hash');
    } else if (head.tree_size > 0) {
      verifier = new BatchVerifier(head.tree_size, Buffer.from(head.root_hash, 'hex'));
    }
  };
  const onEntry = (line) => {
    const seq = line.seq;
    const where = `entry seq ${seq}`;
    const fields = ['kind', 'subject_id', 'digest', 'recorded_at', 'actor'];
    if (
      !Number.isSafeInteger(seq) ||
      seq <= lastSeq ||
      fields.some((f) => typeof line[f] !== 'string')
    ) {
      const why =
        Number.isSafeInteger(seq) && seq <= lastSeq
          ? `${where} comes after seq ${lastSeq} (records must be in ledger order, each once)`
          : `${where}: malformed entry`;
      failProof(why);
      failRecord(why);
      return;
    }
    lastSeq = seq;
    proofs++;
    const nodes = nodesOf(line, where);
    if (!verifier && inclusion === null) failProof(`${where}: the tree head is empty`);
    if (nodes) {
      prove(() => {
        for (const n of nodes) verifier.node(n);
        verifier.leaf(seq - 1, leafHash(line));
      }, `${where} (${line.kind} ${line.subject_id})`);
    }
    const [kind, field] = SECTIONS[line.section] ?? [];
    if (!Object.hasOwn(SECTIONS, String(line.section)) || kind !== line.kind) {
      failRecord(`record seq ${seq} is in section ${line.section} but proven as ${line.kind}`);
      return;
    }
    counts[line.section]++;
    // Purged by retention (events, and findings' excerpts): proven by the entry only.
    if (
      line.record === null &&
      line.purged === true &&
      (kind === 'event.ingested' || kind === 'finding.created')
    ) {
      if (line[field] !== line.subject_id)
        failRecord(`purged ${line.section} record ${seq}: wrong subject`);
      purged++;
      return;
    }
    if (line.record?.[field] !== line.subject_id) {
      failRecord(`${line.section} record ${seq}: wrong subject`);
      return;
    }
    let digest;
    try {
      digest = sha256Hex(jcs(line.record));
    } catch (err) {
      failRecord(`${line.section} record ${line.subject_id}: ${err.message}`);
      return;
    }
    if (digest !== line.digest) {
      failRecord(
        `${line.section} record ${line.subject_id} (seq ${seq}) does not match its ledger digest`,
      );
      return;
    }
    verified++;
  };
  const onEnd = (line) => {
    state = 'ended';
    if (line.records !== proofs) {
      const why = `records.ndjson ends after ${proofs} records but says ${line.records}`;
      failProof(why);
      failRecord(why);
    }
    const nodes = nodesOf(line, 'the end line');
    if (!nodes) return;
    if (proofs === 0) {
      if (nodes.length) failProof('proof nodes without a record');
      return;
    }
    prove(() => {
      for (const n of nodes) verifier.node(n);
      verifier.finish();
    }, 'the batch proof');
  };
  const splitter = lineSplitter((text) => {
    if (state === 'ended') {
      if (text !== '') failRecord('records.ndjson goes on after its end line');
      return;
    }
    let line;
    try {
      line = JSON.parse(text);
    } catch {
      line = undefined;
    }
    if (line === null || typeof line !== 'object' || Array.isArray(line)) {
      throw new RecordsFault('records.ndjson holds a line that is not a JSON object');
    }
    if (state === 'header') onHeader(line);
    else if (line.end === true) onEnd(line);
    else onEntry(line);
  });
  try {
    await pack.stream('records.ndjson', limit, (chunk) => splitter.push(chunk));
    splitter.end();
    if (state !== 'ended') throw new Error('records.ndjson has no end line (truncated)');
  } catch (err) {
    failProof(err.message);
    failRecord(err.message);
  }
  const m = manifest.counts ?? {};
  if (
    records === null &&
    (m.traces !== counts.traces ||
      m.events !== counts.events ||
      m.findings !== counts.findings ||
      m.finding_updates !== counts.finding_updates)
  ) {
    failRecord('the records are not the manifest counts');
  }
  return { inclusion, records, proofs, verified, purged };
}

// ---------------------------------------------------------------- the checks
const SECTIONS = {
  traces: ['trace.ingested', 'trace_id'],
  events: ['event.ingested', 'event_id'],
  findings: ['finding.created', 'finding_id'],
  finding_updates: ['finding.updated', 'finding_id'],
};

async function verifyPackFiles(pack, trusted) {
  const results = [];
  const check = (name, fn) => {
    try {
      results.push({ check: name, ok: true, message: fn() });
    } catch (err) {
      results.push({ check: name, ok: false, message: err.message });
    }
  };
  // Manifest first: small, well formed, every file with a unique name, SHA-256 and size.
  if (!pack.names.includes('manifest.json')) {
    throw new NotAPack('not an evidence pack: no manifest.json');
  }
  let manifestBytes;
  let manifest;
  try {
    manifestBytes = pack.read('manifest.json', MANIFEST_LIMIT);
  } catch (err) {
    throw new NotAPack(`not an evidence pack: ${err.message}`);
  }
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw new NotAPack('not an evidence pack: manifest.json is not JSON');
  }
  const v2 = manifest?.format === 'evid-pack/v2';
  if ((!v2 && manifest?.format !== 'evid-pack/v1') || !Array.isArray(manifest.files)) {
    throw new NotAPack('not an evidence pack: unknown manifest format');
  }
  const listed = new Map();
  for (const f of manifest.files) {
    if (
      typeof f?.name !== 'string' ||
      f.name === '' ||
      f.name === 'manifest.json' ||
      f.name === 'manifest.sig' ||
      listed.has(f.name) ||
      !/^[0-9a-f]{64}$/.test(f.sha256) ||
      !Number.isSafeInteger(f.size) ||
      f.size < 0
    ) {
      throw new NotAPack(
        'not an evidence pack: manifest.json lists a file without a unique name, a SHA-256 and a size',
      );
    }
    listed.set(f.name, f);
  }

  // Files: never inflate an entry the manifest does not list or whose size differs; hash
  // the others as streams, stopping at the listed size.
  const problems = [];
  for (const f of manifest.files) {
    const declared = pack.size(f.name);
    if (declared === undefined) problems.push(`${f.name} is listed but missing`);
    else if (declared !== f.size) {
      problems.push(
        `${f.name} does not match its manifest hash (the pack gives ${declared} bytes, the manifest lists ${f.size})`,
      );
    } else {
      try {
        const { sha256: actual } = await pack.hash(f.name, f.size);
        if (actual !== f.sha256) problems.push(`${f.name} does not match its manifest hash`);
      } catch (err) {
        problems.push(err.message);
      }
    }
  }
  for (const name of pack.names) {
    if (name !== 'manifest.json' && name !== 'manifest.sig' && !listed.has(name)) {
      problems.push(`${name} is not in the manifest (not read)`);
    }
  }
  check('files', () => {
    if (problems.length) throw new Error(problems[0]);
    return `${listed.size} files match the manifest`;
  });

  // The files the checks parse, each read at most to its bound (see the limits above).
  const contents = new Map();
  const load = (name, cap) => {
    try {
      const f = listed.get(name);
      if (!f && name !== 'manifest.sig') throw new Error(`${name} is not in the manifest`);
      const limit = f ? Math.min(cap, f.size) : cap;
      const size = pack.size(name);
      if (size === undefined) throw new Error(`${name} is missing`);
      if (size > limit) throw new Error(`${name} was not read: ${size} bytes, more than ${limit}`);
      contents.set(name, pack.read(name, limit));
    } catch (err) {
      contents.set(name, err);
    }
  };
  const text = (name) => {
    const got = contents.get(name);
    if (got === undefined) throw new Error(`${name} is missing`);
    if (got instanceof Error) throw got;
    return got.toString('utf8');
  };

  let key = trusted.key;
  check('key', () => {
    const name = String(manifest.public_key?.file);
    load(name, SMALL_FILE_LIMIT);
    const packKey = loadKey(text(name));
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

  let signed = false;
  check('manifest_signature', () => {
    load('manifest.sig', SMALL_FILE_LIMIT);
    const note = verifyNote(text('manifest.sig'), manifest.origin, needKey()).split('\n');
    const actual = sha256(manifestBytes).toString('hex');
    if (note[0] !== 'evid-pack-manifest/v1' || note[1] !== manifest.pack_id || note[2] !== actual) {
      throw new Error('manifest.sig signs another manifest');
    }
    signed = true;
    return 'manifest.json is signed by the trusted key';
  });
  // An unsigned manifest's sizes are the forger's word: cap what is held in memory.
  const cap = signed ? Number.MAX_SAFE_INTEGER : UNSIGNED_READ_LIMIT;
  if (!v2) {
    load('proofs.json', cap);
    load('evidence.json', cap);
  }

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

  if (v2) {
    // records.ndjson, streamed: up to its listed size (capped while the manifest is unsigned).
    const f = listed.get('records.ndjson');
    let result;
    const unread = (why) => ({ inclusion: why, records: why, proofs: 0, verified: 0, purged: 0 });
    if (!f || pack.size('records.ndjson') !== f.size) {
      result = unread('records.ndjson is missing or not the size the manifest lists');
    } else if (f.size > cap) {
      result = unread(`records.ndjson was not read: ${f.size} bytes, more than ${cap}`);
    } else {
      result = await checkRecordsV2(pack, manifest, Math.min(cap, f.size));
    }
    check('inclusion_proofs', () => {
      if (result.inclusion !== null) throw new Error(result.inclusion);
      return `one batch proof covers ${result.proofs} entries`;
    });
    check('records', () => {
      if (result.records !== null) throw new Error(result.records);
      return `${result.verified} records match their ledger digests${result.purged ? `, ${result.purged} purged` : ''}`;
    });
    return { manifest, results };
  }

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
        // Purged by retention (events, and findings' excerpts): proven by the entry only.
        if (
          item.record === null &&
          item.purged === true &&
          (kind === 'event.ingested' || kind === 'finding.created')
        ) {
          if (item[field] !== e.subject_id)
            throw new Error(`purged ${section} record ${item.seq}: wrong subject`);
          purged++;
          continue;
        }
        if (item.record?.[field] !== e.subject_id)
          throw new Error(`${section} record ${item.seq}: wrong subject`);
        if (sha256Hex(jcs(item.record)) !== e.digest) {
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

async function main(argv) {
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
  let pack;
  try {
    pack = openPack(path);
    outcome = await verifyPackFiles(pack, trusted);
  } catch (err) {
    process.stderr.write(`verify.mjs: ${path}: ${err.message}\n`);
    return 1;
  } finally {
    pack?.close();
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

// Run as a script; imported (the project's tests run its proof code), it only exports.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
