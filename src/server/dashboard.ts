/**
 * The dashboard's static files (built by scripts/build-dashboard.mjs into dist/dashboard/),
 * served at `/` and `/assets/<name>` by both servers without a credential: they hold no
 * data, every API call they make is authenticated. A strict CSP allows only this origin's
 * scripts, styles and fetches, no inline script, and no framing (clickjacking of the kill
 * switch). Asset names carry a content hash, so they are cached for a year; index.html is
 * revalidated every time so a new build is picked up at once.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const DASHBOARD_DIR = fileURLToPath(new URL('../dashboard/', import.meta.url));

export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  map: 'application/json',
};

const ASSET_NAME = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.(js|css|svg|png|map)$/;

function secure(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', DASHBOARD_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer');
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

export function installDashboard(app: FastifyInstance, dir: string = DASHBOARD_DIR): void {
  const config = { auth: 'public' as const, rateLimit: false };
  app.get('/', { config }, async (_req, reply) => {
    const html = await readOrNull(join(dir, 'index.html'));
    secure(reply).header('cache-control', 'no-cache');
    if (!html) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The dashboard is not built: run `npm run build`.\n');
    }
    return reply.type('text/html; charset=utf-8').send(html);
  });
  app.get('/assets/:name', { config }, async (req, reply) => {
    const { name } = req.params as { name: string };
    const m = ASSET_NAME.exec(name);
    const body = m ? await readOrNull(join(dir, 'assets', name)) : null;
    secure(reply);
    if (!m || !body) {
      return reply.code(404).type('text/plain; charset=utf-8').send('no such asset\n');
    }
    return reply
      .type(TYPES[m[1]!]!)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body);
  });
}
