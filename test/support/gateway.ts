import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { AppContext } from '../../src/context.js';
import { addSource } from '../../src/sources/manage.js';
import { api, type Loose } from './server.js';

/** The upstream's own credential, which the gateway forwards and must never store or log. */
export const UPSTREAM_KEY = 'sk-test-UPSTREAMSECRET-9f8e7d6c5b4a3210';

export interface GatewaySource {
  id: string;
  token: string;
}

/** Adds a gateway source to the store in `dataDir` (as `evid sources add` does). */
export function addGatewaySource(
  dataDir: string,
  name: string,
  endpoint: string,
  options: Record<string, unknown> = {},
): GatewaySource {
  const app = AppContext.fromEnv({ dataDir, env: { EVID_ACTOR: 'cli:test' } });
  try {
    const added = app.store.transact((tx) =>
      addSource(tx, dataDir, { type: 'gateway', name, endpoint, options }),
    );
    return { id: added.source.source_id, token: added.credential!.value };
  } finally {
    app.close();
  }
}

/** A loopback URL nothing listens on (a port just released). */
export async function closedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}

/** The official client pointed at the gateway, as a user would configure it. */
export function gatewayClient(
  serverUrl: string,
  source: GatewaySource,
  headers: Record<string, string> = {},
): OpenAI {
  return new OpenAI({
    apiKey: UPSTREAM_KEY,
    baseURL: `${serverUrl}/gateway/${source.id}/v1`,
    defaultHeaders: { 'X-Evid-Key': source.token, ...headers },
    maxRetries: 0,
    timeout: 20_000,
  });
}

/** The stored events of a session, in order. */
export async function sessionEvents(serverUrl: string, sessionId: string): Promise<Loose[]> {
  const r = await api(serverUrl, `/api/v1/events?trace=${encodeURIComponent(sessionId)}`);
  if (r.status === 404) return [];
  if (r.status !== 200) throw new Error(`events: ${r.status} ${r.text}`);
  return (r.body.events as Loose[]).sort((a, b) => a.position - b.position);
}
