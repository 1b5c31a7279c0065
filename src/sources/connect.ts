import type { Source } from './types.js';

/**
 * Where a client sends a source's evidence and how it authenticates: the one place that
 * knows the receivers' URLs, for `sources add` (shown with the credential) and
 * `sources test` (the round trip). A log file source has no URL: `evid serve` reads it.
 */
export interface Connection {
  /** The receiver's URL; for a log file, null (see `path`). */
  url: string | null;
  /** The header the client sends, with a placeholder for its credential. */
  header: string | null;
  /** Log file: the path or glob `evid serve` tails. */
  path?: string;
}

/** The server's base URL as clients reach it: a wildcard bind address is not one. */
export function baseUrlOf(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export const SIGNATURE_HEADER = 'X-Evid-Signature';

export function connectionOf(
  source: Pick<Source, 'source_id' | 'type' | 'endpoint'>,
  base: string,
): Connection {
  const root = base.replace(/\/+$/, '');
  switch (source.type) {
    case 'otel':
      // OTLP/HTTP exporters take the full traces URL and extra headers
      // (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS).
      return { url: `${root}/v1/traces`, header: 'Authorization: Bearer <token>' };
    case 'gateway':
      // The client's Authorization header belongs to the upstream, so the token has its own.
      return { url: `${root}/gateway/${source.source_id}/v1`, header: 'X-Evid-Key: <token>' };
    case 'webhook':
      return {
        url: `${root}/api/v1/sources/${source.source_id}/events`,
        header: `${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>`,
      };
    case 'logfile':
      return { url: null, header: null, path: source.endpoint ?? '' };
  }
}
