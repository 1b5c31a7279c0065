import { UsageError } from '../../../errors.js';
import { baseUrlOf } from '../../../sources/connect.js';

/**
 * The server's base URL for `sources add` (what clients are told) and `sources test` (where
 * the sample goes): `--url`, else http://$EVID_API_HOST:$EVID_API_PORT, as `evid serve` binds.
 */
export function serverUrl(flag: unknown, config: { apiHost: string; apiPort: number }): string {
  if (typeof flag !== 'string' || flag === '') return baseUrlOf(config.apiHost, config.apiPort);
  let url: URL;
  try {
    url = new URL(flag);
  } catch {
    throw new UsageError(
      `--url: expected the server's base URL, e.g. http://127.0.0.1:8080 (got "${flag}")`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--url: must be an http(s) URL (got "${flag}")`);
  }
  return flag.replace(/\/+$/, '');
}
