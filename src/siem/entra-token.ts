/**
 * Entra ID client credentials (OAuth 2.0, RFC 6749 section 4.4) for the Logs Ingestion API:
 * POST `<authority>/<tenant>/oauth2/v2.0/token` with the client id and secret, scope
 * `https://monitor.azure.com//.default` (the double slash is Microsoft's). The token is
 * cached per (authority, tenant, client) until a minute before it expires.
 */
import { describeNetworkError, post } from './http.js';
import { maskIn } from './secrets.js';

export const MONITOR_SCOPE = 'https://monitor.azure.com//.default';

interface Cached {
  token: string;
  expiresAt: number;
}

const cache = new Map<string, Cached>();

export interface TokenRequest {
  authorityHost: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  caFile?: string | undefined;
}

export type TokenAnswer =
  { ok: true; token: string } | { ok: false; retry: boolean; answer: string };

export function tokenUrl(req: TokenRequest): string {
  return `${req.authorityHost}/${encodeURIComponent(req.tenantId)}/oauth2/v2.0/token`;
}

export function forgetToken(req: TokenRequest): void {
  cache.delete(tokenUrl(req) + '\n' + req.clientId);
}

export async function entraToken(req: TokenRequest, now = Date.now()): Promise<TokenAnswer> {
  const key = tokenUrl(req) + '\n' + req.clientId;
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return { ok: true, token: hit.token };
  const url = tokenUrl(req);
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: req.clientId,
    client_secret: req.clientSecret,
    scope: MONITOR_SCOPE,
  }).toString();
  let status: number;
  let text: string;
  try {
    const res = await post(
      url,
      { 'content-type': 'application/x-www-form-urlencoded' },
      form,
      req.caFile,
    );
    status = res.status;
    text = res.text;
  } catch (err) {
    return { ok: false, ...describeNetworkError(err, url) };
  }
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // shown as text below
  }
  if (status === 200 && typeof body.access_token === 'string') {
    const seconds = Number(body.expires_in ?? 3600);
    cache.set(key, {
      token: body.access_token,
      expiresAt: now + Math.max(0, (Number.isFinite(seconds) ? seconds : 3600) - 60) * 1000,
    });
    return { ok: true, token: body.access_token };
  }
  const said =
    typeof body.error === 'string'
      ? `${body.error}${typeof body.error_description === 'string' ? `: ${body.error_description}` : ''}`
      : text.slice(0, 300);
  return {
    ok: false,
    // A wrong secret or client does not get better by itself; the authority being down does.
    retry: status >= 500 || status === 429,
    answer: maskIn(`token request to ${url}: HTTP ${status}: ${said}`, req.clientSecret),
  };
}
