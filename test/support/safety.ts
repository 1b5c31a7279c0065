import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config/config.js';
import { AppContext } from '../../src/context.js';
import { buildServer } from '../../src/server/app.js';
import { tempDataDir } from './cli.js';

export const SAFETY_ADMIN_KEY = 'safety-admin-key-0123456789abcdef';

export interface SafetyServer {
  url: string;
  ctx: AppContext;
  app: FastifyInstance;
  /** The server's clock: tests move it forward to expire tokens. */
  clock: { now: Date };
  call(
    method: string,
    path: string,
    options?: { bearer?: string; body?: unknown; raw?: string },
  ): Promise<{ status: number; headers: Headers; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

/** The real server on a loopback port, over a temp store, with a clock the test moves. */
export async function startSafetyServer(
  env: Record<string, string> = {},
  rateLimit?: string,
): Promise<SafetyServer> {
  const store = tempDataDir('evid-safety-');
  const clock = { now: new Date() };
  const ctx = new AppContext(
    loadConfig({ dataDir: store.dir, env: { EVID_API_KEY: SAFETY_ADMIN_KEY, ...env } }),
    () => clock.now,
  );
  const app = await buildServer(ctx, { bin: 'evid', ...(rateLimit ? { rateLimit } : {}) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    ctx,
    app,
    clock,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
      let body: string | undefined;
      if (options.raw !== undefined || options.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = options.raw ?? JSON.stringify(options.body);
      }
      const res = await fetch(`${url}${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (a document): the text as it is
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    async close() {
      await app.close();
      ctx.close();
      store.cleanup();
    },
  };
}
