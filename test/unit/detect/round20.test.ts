import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretFindings, seeded } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Round 20's errors, mended"): each rule learnt from round
// 20's two halves, tested on values typed (or encoded from a seed) for this file, never a
// round's own values. The key formats are encoded here, independently of the rules' decoders.
const secrets = (text: string) => secretFindings(text);

const hex = (n: number, seed: number) => seeded(n, seed, '0123456789abcdef');
const bytes = (n: number, seed: number) => Buffer.from(hex(2 * n, seed), 'hex');
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();

function base32(data: Uint8Array): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of data) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += abc[(acc >> bits) & 31];
    }
  }
  return bits > 0 ? out + abc[(acc << (5 - bits)) & 31] : out;
}

function crc16(data: Uint8Array): number {
  let crc = 0;
  for (const b of data) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = ((crc << 1) ^ (crc & 0x8000 ? 0x1021 : 0)) & 0xffff;
  }
  return crc;
}

/** An nkey seed as nkeys writes one: the seed prefix and role bytes, the key, CRC16 LE. */
function nkeySeed(role: 'A' | 'O' | 'U', seed: number, corrupt = false): string {
  const roleByte = { A: 0, O: 14 << 3, U: 20 << 3 }[role];
  const head = [(18 << 3) | (roleByte >> 5), (roleByte & 31) << 3];
  const body = Buffer.concat([Buffer.from(head), bytes(32, seed)]);
  const crc = crc16(body) ^ (corrupt ? 1 : 0);
  return base32(Buffer.concat([body, Buffer.from([crc & 0xff, crc >> 8])]));
}

function base58check(payload: Uint8Array, corrupt = false): string {
  const abc = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const sum = sha256(sha256(payload)).subarray(0, 4);
  if (corrupt) sum[0] = (sum[0] as number) ^ 1;
  const full = Buffer.concat([payload, sum]);
  let n = BigInt(`0x${full.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = abc[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of full) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

const wif = (version: number, compressed: boolean, seed: number, corrupt = false) =>
  base58check(
    Buffer.concat([Buffer.from([version]), bytes(32, seed), Buffer.from(compressed ? [1] : [])]),
    corrupt,
  );

/** A BIP 32 extended key: version, depth, parent fingerprint, index, chain code, key data. */
function extendedKey(version: string, priv: boolean, seed: number, corrupt = false): string {
  const key = priv ? Buffer.concat([Buffer.from([0]), bytes(32, seed)]) : bytes(33, seed + 1);
  if (!priv) key[0] = 2;
  const payload = Buffer.concat([
    Buffer.from(version, 'hex'),
    Buffer.from([1]),
    bytes(4, seed + 2),
    Buffer.from([0, 0, 0, 0]),
    bytes(32, seed + 3),
    key,
  ]);
  return base58check(payload, corrupt);
}

function bech32(hrp: string, data: Uint8Array, corrupt = false): string {
  const abc = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  const words: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of data) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  const polymod = (values: number[]) => {
    let chk = 1;
    for (const v of values) {
      const top = chk >>> 25;
      chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
      for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ (gen[i] as number)) >>> 0;
    }
    return chk;
  };
  const expanded = [
    ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...hrp].map((c) => c.charCodeAt(0) & 31),
  ];
  const mod = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1 ^ (corrupt ? 1 : 0);
  const check = [0, 1, 2, 3, 4, 5].map((i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...check].map((w) => abc[w]).join('')}`;
}

describe('round 20: raw private keys checked by their checksums', () => {
  it('finds NATS nkey seeds, alone, quoted or in a .creds block, and refuses a bad CRC', () => {
    const u = nkeySeed('U', 11);
    const o = nkeySeed('O', 12);
    const a = nkeySeed('A', 13);
    expect(u).toMatch(/^SU[A-Z2-7]{56}$/);
    expect(secrets(`-----BEGIN USER NKEY SEED-----\n${u}\n------END USER NKEY SEED------`)).toEqual(
      [`secret.private_key ${u}`],
    );
    expect(secrets(`kp, _ := nkeys.FromSeed([]byte("${o}"))`)).toEqual([`secret.private_key ${o}`]);
    expect(secrets(`signing_seed: ${a}`)).toEqual([`secret.private_key ${a}`]);
    // One bit of the checksum off: an upper-case identifier of the same shape, not a seed.
    expect(secrets(`id = ${nkeySeed('U', 11, true)}`)).toEqual([]);
    // The public key (`U` + 55) is no secret.
    expect(secrets(`nkey: U${base32(bytes(34, 14)).slice(0, 55)}`)).toEqual([]);
  });

  it('finds Bitcoin WIF keys of both networks and compressions, and refuses a bad checksum', () => {
    for (const [version, compressed, lead] of [
      [0x80, false, /^5/],
      [0x80, true, /^[KL]/],
      [0xef, false, /^9/],
      [0xef, true, /^c/],
    ] as const) {
      const k = wif(version, compressed, 20 + version);
      expect(k).toMatch(lead);
      expect(secrets(`    "${k}",`)).toEqual([`secret.private_key ${k}`]);
      expect(secrets(`privkey = ${wif(version, compressed, 20 + version, true)}`)).toEqual([]);
    }
    // The same shape under another version byte (an address's 0x00) is not a key.
    expect(secrets(`addr ${base58check(Buffer.concat([Buffer.from([0]), bytes(20, 3)]))}`)).toEqual(
      [],
    );
  });

  it('finds BIP 32 extended private keys (xprv, tprv, zprv), never xpub', () => {
    const xprv = extendedKey('0488ade4', true, 31);
    const tprv = extendedKey('04358394', true, 32);
    const zprv = extendedKey('04b2430c', true, 33);
    expect([xprv, tprv, zprv].map((k) => k.slice(0, 4))).toEqual(['xprv', 'tprv', 'zprv']);
    for (const k of [xprv, tprv, zprv]) {
      expect(secrets(`** ext prv: ${k}`)).toEqual([`secret.private_key ${k}`]);
    }
    const xpub = extendedKey('0488b21e', false, 34);
    expect(xpub.startsWith('xpub')).toBe(true);
    expect(secrets(`** ext pub: ${xpub}`)).toEqual([]);
    expect(secrets(`xpriv = ${extendedKey('0488ade4', true, 31, true)}`)).toEqual([]);
  });

  it('finds Nostr nsec keys, never npub, and refuses a bad bech32 checksum', () => {
    const nsec = bech32('nsec', bytes(32, 41));
    expect(secrets(`nsec: ${nsec}\\`)).toEqual([`secret.private_key ${nsec}`]);
    expect(secrets(`npub: ${bech32('npub', bytes(32, 42))}`)).toEqual([]);
    expect(secrets(`- \`${bech32('nsec', bytes(32, 41), true)}\``)).toEqual([]);
  });
});

describe('round 20: private keys by their name or their call', () => {
  it("types a 32-byte key in base64 or 0x hex under a private key's name a private key", () => {
    const b64 = bytes(32, 51).toString('base64');
    expect(secrets(`[Interface]\nPrivateKey = ${b64}\nListenPort = 51820`)).toEqual([
      `secret.private_key ${b64}`,
    ]);
    const eth = `0x${hex(64, 52)}`;
    expect(secrets(`signer_private_key: "${eth}"`)).toEqual([`secret.private_key ${eth}`]);
    // Bare hex under the name may be a symmetric secret: generic, as before.
    const bare = hex(64, 53);
    expect(secrets(`PRIVATE_KEY=${bare}`)).toEqual([`secret.generic_api_key ${bare}`]);
    // Another length under the name is no raw 32-byte key: generic too.
    const longer = bytes(48, 54).toString('base64');
    expect(secrets(`private_key = "${longer}"`)).toEqual([`secret.generic_api_key ${longer}`]);
    // The public half is no secret.
    expect(secrets(`PublicKey = ${bytes(32, 55).toString('base64')}`)).toEqual([]);
  });

  it('finds a hex key given to the calls that load secp256k1 keys, not filler', () => {
    const k = hex(64, 61);
    expect(secrets(`\tkey, _ := crypto.HexToECDSA("${k}")`)).toEqual([`secret.private_key ${k}`]);
    expect(secrets(`acct = w3.eth.account.privateKeyToAccount('0x${k}')`)).toEqual([
      `secret.private_key ${k}`,
    ]);
    expect(secrets(`signer = Account.from_key("0x${k}")`)).toEqual([`secret.private_key ${k}`]);
    expect(secrets(`crypto.HexToECDSA("${'7'.repeat(64)}")`)).toEqual([]);
    expect(secrets(`crypto.HexToECDSA("${'0123456789abcdef'.repeat(4)}")`)).toEqual([]);
    // A hex literal given to another call says nothing.
    expect(secrets(`hash := common.HexToHash("${k}")`)).toEqual([]);
  });
});

describe("round 20: test configs' stand-ins", () => {
  it('refuses the secret word in leetspeak, boasted or named by keytool', () => {
    for (const v of ['s3cr3t!', 'S3cr3t', 'p4ssw0rd!', 'supasecret', 'storepass', 'keypass']) {
      expect(secrets(`password = "${v}"`), v).toEqual([]);
    }
    expect(secrets('"truststore-password": "truststorepass",')).toEqual([]);
    // A leet word that is not the secret word itself stays a password.
    expect(secrets('password = "Gr4v1ty!Lake"')).toEqual(['secret.password Gr4v1ty!Lake']);
  });

  it('refuses one word typed twice around a symbol and words on escaped lines', () => {
    for (const v of ['hash#hash', "tick'tick", 'semi;semi']) {
      expect(secrets(`  {user: u, password: "${v}"}`), v).toEqual([]);
    }
    expect(secrets('smtp_auth_password: "first\\nsecondline"')).toEqual([]);
    // Two different words around a symbol are a passphrase: still a password.
    expect(secrets('password: "maple#harbor"')).toEqual(['secret.password maple#harbor']);
  });

  it('refuses hex filled with an alphabet run and x, y, z filler', () => {
    expect(secrets(`signing_secret = "${hex(10, 71)}abcd12xxyyzz${hex(10, 72)}"`)).toEqual([]);
    expect(
      secrets(`api_token = "zyx9${seeded(8, 73, 'ABCDEFGHJKLMNPQRSTabcdefgh23456789')}KLMNP"`),
    ).toEqual([]);
    // One typed mark alone is no filler: `abcd` in a random key.
    const v = `${hex(12, 74)}abcd${hex(16, 75)}`;
    expect(secrets(`signing_secret = "${v}"`)).toEqual([`secret.generic_api_key ${v}`]);
  });

  it('refuses userinfo in brackets, the notation for an optional part', () => {
    expect(secrets(';http.Proxy=http://[user:password]@proxyhost[:port]')).toEqual([]);
    expect(secrets('proxy = http://svc:Tq8vRz2LmK@proxy.local:3128')).toEqual([
      'secret.connection_string Tq8vRz2LmK',
    ]);
  });
});

describe("round 20: payment SDKs' and Azure's formats", () => {
  const base32 = 'abcdefghijklmnopqrstuvwxyz234567';
  const uuid = (seed: number) => {
    const h = hex(32, seed);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };

  it("finds Checkout.com's secret keys (base32 with a check character, or a UUID), not pk_", () => {
    const sbox = `sk_sbox_${seeded(27, 81, base32)}`;
    const prod = `sk_${seeded(26, 82, base32)}#`;
    const old = `sk_test_${uuid(83)}`;
    expect(secrets(`const SK = '${sbox}';`)).toEqual([`secret.generic_api_key ${sbox}`]);
    expect(secrets(`CHECKOUT_SECRET_KEY=${prod}`)).toEqual([`secret.generic_api_key ${prod}`]);
    expect(secrets(`  const SK = '${old}';`)).toEqual([`secret.generic_api_key ${old}`]);
    expect(secrets(`const PK = 'pk_sbox_${seeded(27, 84, base32)}';`)).toEqual([]);
    // A snake-case word after `sk_` is an identifier; a run is filler.
    expect(secrets('sk_sbox_abcdefghijklmnopqrstuvwxyz2')).toEqual([]);
  });

  it("finds PayPal's classic API signature under an API or account signature name", () => {
    const sig = `A${seeded(50, 91, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')}-${seeded(4, 92, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz')}`;
    expect(sig).toHaveLength(56);
    expect(secrets(`acct1.UserName = seller_api1.shop.test\nacct1.Signature = ${sig}`)).toEqual([
      `secret.generic_api_key ${sig}`,
    ]);
    expect(secrets(`define('API_SIGNATURE', '${sig}');`)).toEqual([
      `secret.generic_api_key ${sig}`,
    ]);
    // `Signature` alone names public values.
    expect(secrets(`Signature: ${sig}`)).toEqual([]);
  });

  it('finds an Azure storage key under an account key name, the value wrapped to the next line', () => {
    const key = bytes(64, 101).toString('base64');
    expect(key).toHaveLength(88);
    expect(
      secrets(`    public static final String SHARED_ACCOUNT_KEY_VALUE =\n        "${key}";`),
    ).toEqual([`secret.azure_storage_key ${key}`]);
    expect(secrets(`accountKey: "${key}"`)).toEqual([`secret.azure_storage_key ${key}`]);
    // An account's other 64-byte values (an id, a digest) are not its key.
    expect(secrets(`ACCOUNT_ID_VALUE =\n  "${key}"`)).toEqual([]);
  });
});

describe('round 20: an HMAC key under the bare name key', () => {
  it('reads 64 or 128 hex under `key` in code about HMAC as the key', () => {
    const k = hex(64, 111);
    const cls = (v: string) =>
      `public class HmacSignerTests {\n    private final String key = "${v}";\n}`;
    expect(secrets(cls(k))).toEqual([`secret.generic_api_key ${k}`]);
    const k512 = hex(128, 112);
    expect(secrets(`mac = hmac.new(bytes.fromhex(key), msg, sha512)\nkey = "${k512}"`)).toEqual([
      `secret.generic_api_key ${k512}`,
    ]);
    // Without HMAC in the text, hex under `key` may be a digest or a cache key: left.
    expect(secrets(`public class CacheTests {\n    private final String key = "${k}";\n}`)).toEqual(
      [],
    );
    // A digest's other lengths (SHA-1's 40 hex) are not read as a key even there.
    expect(secrets(cls(hex(40, 113)))).toEqual([]);
  });
});

describe("round 20: a password reusing another setting's value", () => {
  it("refuses a password equal to a file name's or alias's value beside it, under KeyPass too", () => {
    const w = seeded(9, 121, 'abcdefghijklmnopqrstuvwxyz');
    expect(
      secrets(`const StoreFile = '${w}';\nconst StoreAlias = '${w}';\nconst KeyPass = '${w}';`),
    ).toEqual([]);
    // A random KeyPass alone is a password: the short form is read as the long one.
    const v = 'Vq7#Lm2$Rk9x';
    expect(secrets(`const StoreAlias = 'shop';\nconst KeyPass = '${v}';`)).toEqual([
      `secret.password ${v}`,
    ]);
    // Repeated under another secret's name (a confirmation field), it stays a password
    // (reported once: the engine keeps one finding per value).
    expect(secrets(`password: "${v}"\nconfirm_password: "${v}"`)).toEqual([`secret.password ${v}`]);
  });
});
