import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { AppContext } from '../../src/context.js';
import { buildServer } from '../../src/server/app.js';
import { ROUTES } from '../../src/server/routes/index.js';
import { tempDataDir } from './cli.js';
import type { Loose } from './server.js';

/** evid's server on a loopback port over a temp store, with an admin key. */
export const ADMIN_KEY = 'safety-admin-key-0123456789abcdef';

export interface SafetyServer {
  url: string;
  ctx: AppContext;
  dir: string;
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; body: Loose }>;
  stop(): Promise<void>;
}

export async function startSafetyServer(env: Record<string, string> = {}): Promise<SafetyServer> {
  const store = tempDataDir('evid-safety-');
  const ctx = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_API_KEY: ADMIN_KEY, ...env } });
  const app: FastifyInstance = await buildServer(ctx, { bin: 'evid', routes: ROUTES });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    ctx,
    dir: store.dir,
    async call(method, path, body, headers = {}) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${ADMIN_KEY}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
    },
    async stop() {
      await app.close();
      ctx.close();
      store.cleanup();
    },
  };
}
