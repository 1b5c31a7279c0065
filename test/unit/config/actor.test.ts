import { describe, expect, it } from 'vitest';
import { defaultActor, loadConfig, type OsAccount } from '../../../src/config/config.js';

// Issue 20: under `docker exec` neither USER nor LOGNAME is set and every ledger entry said
// `cli:unknown` although the OS knew the account.

const account = (username: string | Error, uid: number | null = 1000): OsAccount => ({
  username: () => {
    if (username instanceof Error) throw username;
    return username;
  },
  uid: () => uid ?? undefined,
});
const noPasswd = new Error('ENOENT: uv_os_get_passwd returned ENOENT');

describe('the default actor', () => {
  it.each([
    ['USER first', { USER: 'dana', LOGNAME: 'other' }, account('os-name'), 'cli:dana'],
    ['then LOGNAME', { LOGNAME: 'lee' }, account('os-name'), 'cli:lee'],
    ['then the OS account (docker exec)', {}, account('node'), 'cli:node'],
    ['an empty USER counts as unset', { USER: '' }, account('node'), 'cli:node'],
    ['then the uid when it has no passwd entry', {}, account(noPasswd, 4242), 'cli:uid:4242'],
    ['an empty OS name falls to the uid', {}, account('', 0), 'cli:uid:0'],
    ['unknown only when there is no uid either', {}, account(noPasswd, null), 'cli:unknown'],
  ])('%s', (_name, env, os, want) => {
    expect(defaultActor(env, os)).toBe(want);
  });

  it('EVID_ACTOR still wins, and the real OS account is used when USER and LOGNAME are unset', () => {
    expect(loadConfig({ env: { EVID_ACTOR: 'svc:nightly', USER: 'dana' } }).actor).toBe(
      'svc:nightly',
    );
    const actor = loadConfig({ env: {} }).actor;
    expect(actor).not.toBe('cli:unknown');
    expect(actor).toMatch(/^cli:(uid:\d+|[^:]+)$/);
  });
});
