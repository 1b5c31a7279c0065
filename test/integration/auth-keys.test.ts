import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createApiKey,
  listApiKeys,
  matchesEnvKey,
  revokeApiKey,
  verifyApiKey,
} from '../../src/auth/keys.js';
import { Authenticator } from '../../src/auth/principal.js';
import { AppContext } from '../../src/context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../src/errors.js';
import { verifyLedger } from '../../src/store/verify-ledger.js';
import { tempDataDir } from '../support/cli.js';

let store: { dir: string; cleanup(): void };
let app: AppContext;
beforeEach(() => {
  store = tempDataDir('evid-keys-');
  app = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_ACTOR: 'cli:test' } });
});
afterEach(() => {
  app.close();
  store.cleanup();
});

describe('API keys in the store', () => {
  it('verify only the exact live key; revocation is immediate; both are ledgered', () => {
    const created = app.store.transact((tx) => createApiKey(tx, { name: 'ci', role: 'ingest' }));
    expect(app.store.read((r) => verifyApiKey(r, created.key))).toMatchObject({
      key_id: created.key_id,
      role: 'ingest',
    });
    const flipped = created.key.slice(0, -1) + (created.key.endsWith('x') ? 'y' : 'x');
    for (const bad of [
      flipped,
      created.key.slice(0, -1),
      `${created.key}x`,
      'evk_',
      created.key.replace('evk_', 'evk_0'),
    ]) {
      expect(app.store.read((r) => verifyApiKey(r, bad))).toBeUndefined();
    }
    app.store.transact((tx) => revokeApiKey(tx, created.key_id));
    expect(app.store.read((r) => verifyApiKey(r, created.key))).toBeUndefined();
    expect(() => app.store.transact((tx) => revokeApiKey(tx, created.key_id))).toThrow(
      ConflictError,
    );
    expect(() => app.store.transact((tx) => revokeApiKey(tx, 'ak_missing'))).toThrow(NotFoundError);
    expect(app.store.read((r) => listApiKeys(r))).toEqual([]);
    expect(app.store.read((r) => listApiKeys(r, { includeRevoked: true }))[0]).toMatchObject({
      revoked_by: 'cli:test',
    });
    const verdict = app.store.read((r) => verifyLedger(r, app.store.origin));
    // The store's first entry names its ledger key; then the key's creation and revocation.
    expect(verdict).toMatchObject({ ok: true, entries_checked: 3 });
  });

  it('refuses bad names and roles, naming the field', () => {
    expect(() =>
      app.store.transact((tx) => createApiKey(tx, { name: ' ', role: 'viewer' })),
    ).toThrow(/^name: /);
    expect(() => app.store.transact((tx) => createApiKey(tx, { name: 'x', role: 'root' }))).toThrow(
      ValidationError,
    );
  });

  it('EVID_API_KEY acts as admin; anything else is 401 with a reason', async () => {
    expect(matchesEnvKey('s3cret', 's3cret')).toBe(true);
    expect(matchesEnvKey('s3cret', 's3cre')).toBe(false);
    expect(matchesEnvKey('s3cret', undefined)).toBe(false);
    const auth = new Authenticator(app.store, { envKey: 'env-admin-key', oidc: undefined });
    await expect(auth.authenticate('Bearer env-admin-key')).resolves.toMatchObject({
      kind: 'env',
      role: 'admin',
    });
    await expect(auth.authenticate(undefined)).rejects.toThrow(/missing credential/);
    await expect(auth.authenticate('Basic abc')).rejects.toThrow(/malformed Authorization/);
    await expect(auth.authenticate('Bearer nope')).rejects.toThrow(/invalid credential/);
    const viewer = app.store.transact((tx) => createApiKey(tx, { name: 'v', role: 'viewer' }));
    await expect(auth.authenticate(`Bearer ${viewer.key}`)).resolves.toMatchObject({
      kind: 'api_key',
      id: viewer.key_id,
      role: 'viewer',
      actor: `api:${viewer.key_id}`,
    });
    expect(app.store.read((r) => listApiKeys(r))[0]!.last_used_at).not.toBeNull();
  });
});
