import { createHash } from 'node:crypto';
import { patternDetector, type Detector } from '../rule.js';
import { shannonEntropy } from '../validators.js';
import { hasOrderedRun } from './secret-value.js';

/**
 * Asymmetric private keys written raw, in formats of their own that carry a checksum (issue
 * 18, round 20's errors): NATS nkey seeds, Bitcoin WIF keys, BIP 32 extended private keys and
 * Nostr `nsec` keys. The convention (test/fixtures/detect/readers/CONVENTION.md) types them
 * `secret.private_key`, as it does age identities; their public halves (nkey public keys,
 * `xpub`, `npub`, addresses) have other prefixes and are never matched.
 *
 * Each rule matches the format's fixed shape and then checks its checksum (CRC16, double
 * SHA-256, bech32): a random or hand-typed string of the same shape fails it (1 in 65,536
 * for the CRC, 1 in 4 billion for the others), which is what keeps these rules precise on
 * upper-case identifiers and base58-looking words.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** RFC 4648 base32 without padding; trailing bits that do not fill a byte are dropped. */
function base32Decode(s: string): Uint8Array | null {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const ch of s) {
    const v = BASE32.indexOf(ch);
    if (v < 0) return null;
    acc = ((acc << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

/** CRC-16/XMODEM (polynomial 0x1021, initial 0), the checksum nkeys appends. */
function crc16(data: Uint8Array): number {
  let crc = 0;
  for (const b of data) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** An nkey seed: 36 bytes (2 of prefix, 32 of key, CRC16 little-endian), the CRC matching. */
export function isNkeySeed(s: string): boolean {
  const raw = base32Decode(s);
  if (raw === null || raw.length !== 36) return false;
  const body = raw.subarray(0, 34);
  return crc16(body) === ((raw[34] as number) | ((raw[35] as number) << 8));
}

/** Base58 (Bitcoin's alphabet) to bytes, leading `1`s as zero bytes. */
function base58Decode(s: string): Uint8Array | null {
  const bytes: number[] = [];
  for (const ch of s) {
    let carry = BASE58.indexOf(ch);
    if (carry < 0) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += (bytes[i] as number) * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  for (let i = 0; i < s.length && s[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();

/** Base58check: the payload when its last 4 bytes are its double SHA-256's first 4, else null. */
export function base58CheckPayload(s: string): Uint8Array | null {
  const raw = base58Decode(s);
  if (raw === null || raw.length < 5) return null;
  const payload = raw.subarray(0, raw.length - 4);
  const sum = sha256(sha256(payload));
  for (let i = 0; i < 4; i++) if (sum[i] !== raw[raw.length - 4 + i]) return null;
  return payload;
}

/** A WIF key: version 0x80 (main) or 0xef (test), 32 bytes of key, an optional 0x01 flag. */
export function isWifKey(s: string): boolean {
  const p = base58CheckPayload(s);
  if (p === null || (p[0] !== 0x80 && p[0] !== 0xef)) return false;
  return p.length === 33 || (p.length === 34 && p[33] === 0x01);
}

/** A BIP 32 extended private key: 78 bytes whose key data (byte 45 on) starts with 0x00. */
export function isExtendedPrivateKey(s: string): boolean {
  const p = base58CheckPayload(s);
  return p !== null && p.length === 78 && p[45] === 0x00;
}

/** Bech32 (BIP 173) checksum over a lower-case string: its polymod must be 1. */
export function isBech32(s: string): boolean {
  const sep = s.lastIndexOf('1');
  if (sep < 1) return false;
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  const step = (v: number) => {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ (gen[i] as number)) >>> 0;
  };
  const hrp = s.slice(0, sep);
  for (const ch of hrp) step(ch.charCodeAt(0) >> 5);
  step(0);
  for (const ch of hrp) step(ch.charCodeAt(0) & 31);
  for (const ch of s.slice(sep + 1)) {
    const v = BECH32.indexOf(ch);
    if (v < 0) return false;
    step(v);
  }
  return chk === 1;
}

const rawKey = (
  id: string,
  regex: RegExp,
  triggers: readonly (readonly string[])[],
  valid: (s: string) => boolean,
): Detector =>
  patternDetector({
    id: `secret.private_key:${id}`,
    type: 'secret.private_key',
    category: 'secret',
    severity: 'critical',
    regex,
    score: 0.95,
    triggers,
    refine: (m) => (valid(m[0]) ? 0.95 : null),
  });

// NATS nkey seeds: `S` and the key's role (`A`ccount, `O`perator, `U`ser, server `N`,
// `C`luster, `X` curve, `P` private), 58 base32 characters in all, alone or in a `.creds`
// file's `BEGIN USER NKEY SEED` block. Public nkeys start with the role letter, not `S`.
const nkeySeed = rawKey(
  'nkey_seed',
  /\bS[AOUNCXP][A-Z2-7]{56}(?![A-Za-z0-9])/g,
  [['#longalnum']],
  isNkeySeed,
);

// Bitcoin WIF: `5` (main) or `9` (test) and 50 more base58 characters uncompressed, `K`/`L`
// (main) or `c` (test) and 51 compressed. Addresses (`1...`, `3...`, `bc1...`) never match.
const wifKey = rawKey(
  'wif',
  /\b(?:[59][1-9A-HJ-NP-Za-km-z]{50}|[KLc][1-9A-HJ-NP-Za-km-z]{51})(?![A-Za-z0-9])/g,
  [['#b64']],
  isWifKey,
);

// BIP 32 extended private keys and their SLIP 132 variants (`xprv`, `tprv`, `yprv`, `zprv`,
// `uprv`, `vprv`, `Yprv`, `Zprv`, `Uprv`, `Vprv`): 111 base58 characters. `xpub` and its
// kin are public.
const extendedPrivateKey = rawKey(
  'bip32',
  /\b[xtyzuvYZUV]prv[1-9A-HJ-NP-Za-km-z]{107}(?![A-Za-z0-9])/g,
  [['#b64']],
  isExtendedPrivateKey,
);

// Nostr private keys (NIP-19): bech32 `nsec1` and 58 characters (32 bytes and a checksum).
// `npub1` is the public key. The trigger is the key word's 6-character stem, one per bech32
// character after the `1`: a substring check for `nsec1` would scan every text (`n` is common
// in prose), the stems are looked up in the word pass the engine makes anyway.
const nostrSecret = rawKey(
  'nsec',
  /\bnsec1[02-9ac-hj-np-z]{58}(?![A-Za-z0-9])/g,
  [[...BECH32].map((ch) => `nsec1${ch}*`)],
  isBech32,
);

// A secp256k1 key in hex given to the calls that load one: go-ethereum's
// `crypto.HexToECDSA("<64 hex>")`, web3's `privateKeyToAccount('0x...')`, eth-account's
// `Account.from_key(...)`, ethers' `new Wallet('0x...')`. The call says what the literal is,
// with no name beside it (round 20's dev half). Runs and repeats (`7777...`, `0123...`) are
// test filler.
const ecdsaHexCall = patternDetector({
  id: 'secret.private_key:ecdsa_hex_call',
  type: 'secret.private_key',
  category: 'secret',
  severity: 'critical',
  regex:
    /\b(?:HexToECDSA|privateKeyToAccount|from_key|Wallet)\(\s?["'`](?:0x)?([0-9a-fA-F]{64})["'`]/dg,
  group: 1,
  score: 0.9,
  // `Account.from_key` by its class's name (`from_key` is two words to the index, and a
  // substring check for it would scan every text with a `_`).
  triggers: [['hextoecdsa', 'privatekeytoaccount', 'wallet', '=Account']],
  refine(m) {
    const v = m[1] ?? '';
    if (/(.)\1{5,}/.test(v) || hasOrderedRun(v) || shannonEntropy(v) < 3.2) return null;
    return 0.9;
  },
});

export const RAW_KEY_SECRET_DETECTORS: readonly Detector[] = [
  nkeySeed,
  wifKey,
  extendedPrivateKey,
  nostrSecret,
  ecdsaHexCall,
];
