import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const TIMEOUT_MS = 15_000;

/** Error codes of a TLS certificate that does not verify (node:tls). */
const TLS_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** A network failure said in one line, and whether waiting can fix it (a bad certificate cannot). */
export function describeNetworkError(
  err: unknown,
  where: string,
): { answer: string; retry: boolean } {
  const e = err as NodeJS.ErrnoException;
  if (e.code && TLS_CODES.has(e.code)) {
    return {
      answer: `the TLS certificate of ${where} does not verify (${e.code}: ${e.message}); give its CA with --ca-file`,
      retry: false,
    };
  }
  return {
    answer: `cannot reach ${where}: ${e.code ?? ''} ${e.message}`.replace(/\s+/g, ' '),
    retry: true,
  };
}

/** The CA bundle to trust instead of the system's, read at each connection (rotations apply). */
export function readCa(caFile: string | undefined): Buffer | undefined {
  return caFile ? readFileSync(caFile) : undefined;
}

/** One POST; rejects only on network and TLS failures, any HTTP status resolves. */
export function post(
  url: string,
  headers: Record<string, string>,
  body: string | Buffer,
  caFile?: string,
): Promise<HttpAnswer> {
  const target = new URL(url);
  const lib = target.protocol === 'https:' ? https : http;
  const ca = readCa(caFile);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body; // encoded once
  return new Promise((resolve, reject) => {
    const req = lib.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(bytes.length) },
        timeout: TIMEOUT_MS,
        ...(ca ? { ca } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    );
    req.on('error', reject);
    req.end(bytes);
  });
}

/** Retry-After in milliseconds: seconds, or an HTTP date. */
export function retryAfterMs(
  value: string | string[] | undefined,
  now = Date.now(),
): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
