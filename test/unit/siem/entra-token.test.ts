// Issue 14 item 3: the Entra client-credentials token is cached until a minute before it
// expires, and fetched again after (a loopback token endpoint counts the requests).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { entraToken } from '../../../src/siem/entra-token.js';
import { startReceiver, type Receiver } from '../../support/siem-receivers.js';

let entra: Receiver;
let n = 0;
beforeAll(async () => {
  entra = await startReceiver();
  entra.answer = () => ({
    status: 200,
    body: JSON.stringify({ access_token: `tok-${++n}`, expires_in: 3600 }),
  });
});
afterAll(() => entra.close());

it('reuses a token until a minute before it expires', async () => {
  const req = { authorityHost: entra.url, tenantId: 't', clientId: 'c', clientSecret: 's' };
  const now = Date.now();
  expect(await entraToken(req, now)).toEqual({ ok: true, token: 'tok-1' });
  expect(await entraToken(req, now + 3_000_000)).toEqual({ ok: true, token: 'tok-1' });
  expect(entra.received).toHaveLength(1);
  expect(await entraToken(req, now + 3_541_000)).toEqual({ ok: true, token: 'tok-2' });
  expect(entra.received).toHaveLength(2);
});
