/**
 * Microsoft Sentinel through the Logs Ingestion API (REFERENCE.md sections 5 and 10; the
 * HTTP Data Collector API it replaces was retired on 2026-09-14): a JSON array POSTed to
 * `<endpoint>/dataCollectionRules/<dcr>/streams/<stream>?api-version=2023-01-01` with an
 * Entra bearer token; 204 is success. A call carries at most 1 MB and a field value at most
 * 64 KB, so batches are cut by size and long strings shortened; 429 and 503 carry
 * Retry-After, which the outbox honours.
 */
import { entraToken, forgetToken, type TokenRequest } from './entra-token.js';
import { describeNetworkError, post, retryAfterMs } from './http.js';
import type { DeliveryAnswer, OutboundEvent, TargetOptions, Transport } from './types.js';

export const MAX_CALL_BYTES = 1_000_000;
const MAX_FIELD_CHARS = 32_000; // at most 64 KB in UTF-8 even for 2-byte characters

export function ingestionUrl(endpoint: string, options: TargetOptions): string {
  return `${endpoint}/dataCollectionRules/${encodeURIComponent(options.dcr_id ?? '')}/streams/${encodeURIComponent(options.stream ?? '')}?api-version=2023-01-01`;
}

function shorten(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_FIELD_CHARS ? `${value.slice(0, MAX_FIELD_CHARS)}...` : value;
  }
  if (Array.isArray(value)) return value.map(shorten);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  }
  return value;
}

/** One row of the custom table (columns as the DCR's stream declares them, docs/operations.md). */
export function sentinelRow(e: OutboundEvent): Record<string, unknown> {
  const record = shorten(e.record) as Record<string, unknown>;
  // The record as one dynamic column; a single field over 64 KB is cut as a whole.
  const text = JSON.stringify(record);
  return {
    TimeGenerated: e.time,
    EventId: e.event_id,
    Kind: e.kind,
    Severity: e.severity,
    Summary: shorten(e.summary),
    SubjectId: e.subject_id,
    LedgerSeq: e.ledger_seq,
    Record:
      text.length > MAX_FIELD_CHARS
        ? { truncated: true, text: text.slice(0, MAX_FIELD_CHARS) }
        : record,
  };
}

/** Rows cut into JSON arrays of at most `limit` bytes each (one row is always sent alone). */
export function sentinelBodies(events: OutboundEvent[], limit = MAX_CALL_BYTES): string[] {
  const bodies: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const e of events) {
    const row = JSON.stringify(sentinelRow(e));
    const add = Buffer.byteLength(row) + (current.length > 0 ? 1 : 0);
    if (current.length > 0 && size + add > limit) {
      bodies.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(row);
    size += Buffer.byteLength(row) + (current.length > 1 ? 1 : 0);
  }
  if (current.length > 0) bodies.push(`[${current.join(',')}]`);
  return bodies;
}

export function sentinelTransport(
  endpoint: string,
  options: TargetOptions,
  clientSecret: string,
): Transport {
  const url = ingestionUrl(endpoint, options);
  const tokenRequest: TokenRequest = {
    authorityHost: options.authority_host ?? 'https://login.microsoftonline.com',
    tenantId: options.tenant_id ?? '',
    clientId: options.client_id ?? '',
    clientSecret,
    caFile: options.ca_file,
  };
  return {
    maxBatch: 500,
    async send(events): Promise<DeliveryAnswer> {
      let last: DeliveryAnswer = { ok: true, retry: false, answer: 'nothing to send' };
      // Calls in order; a failure stops the batch and the whole batch is sent again later
      // (the same event ids): at least once.
      for (const body of sentinelBodies(events)) {
        const token = await entraToken(tokenRequest);
        if (!token.ok) return { ok: false, retry: token.retry, answer: token.answer };
        let res;
        try {
          res = await post(
            url,
            { authorization: `Bearer ${token.token}`, 'content-type': 'application/json' },
            body,
            options.ca_file,
          );
        } catch (err) {
          return { ok: false, ...describeNetworkError(err, url) };
        }
        const said = res.text.trim().slice(0, 300);
        const answer = `HTTP ${res.status}${said ? `: ${said}` : ''}`;
        if (res.status === 204 || res.status === 200) {
          last = { ok: true, retry: false, answer };
          continue;
        }
        if (res.status === 401) forgetToken(tokenRequest); // a fresh token next time
        const wait = retryAfterMs(res.headers['retry-after']);
        return {
          ok: false,
          retry: res.status === 429 || res.status === 401 || res.status >= 500,
          answer,
          ...(wait !== undefined ? { retryAfterMs: wait } : {}),
        };
      }
      return last;
    },
    close: async () => {},
  };
}
