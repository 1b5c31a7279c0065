import { performance } from 'node:perf_hooks';
import { UsageError } from '../errors.js';
import type { SessionInput } from '../ingest/append.js';
import type { Store } from '../store/store.js';
import { connectionOf } from './connect.js';
import { getSource } from './registry.js';
import { checkLogfile } from './test-logfile.js';
import { gatewaySample, otelSample, webhookSample, type Sample } from './test-sample.js';
import { secretHash, webhookSecret } from './webhook-secret.js';

/**
 * `evid sources test <id>` and `POST /api/v1/sources/{id}/test`: one real round trip
 * through the running receiver with a small sample of the source's kind, marked as a dry
 * run (the receiver authenticates and maps it as usual, stores nothing, calls no upstream).
 * Says whether it passed and why not, how long it took, who the receiver took the caller
 * for, and the event the sample maps to. A log file source is checked on disk instead.
 */

/** What authenticates the sample: the source's own token, an admin key, or the REST caller. */
export type TestCredential =
  { kind: 'source token' | 'EVID_API_KEY' | 'caller'; value: string } | undefined;

export interface SourceTestOptions {
  dataDir: string;
  /** The server's base URL, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  /** For otel and gateway sources (a webhook sample is signed with the source's secret). */
  credential?: TestCredential;
  now?: () => Date;
  timeoutMs?: number;
}

export interface SourceTestResult {
  ok: boolean;
  source_id: string;
  type: string;
  name: string;
  /** The receiver's URL, or the log file's path or glob. */
  target: string;
  /** How the sample authenticated: source token, EVID_API_KEY, caller, webhook signature. */
  credential: string | null;
  http_status: number | null;
  latency_ms: number | null;
  /** false: the receiver refused the credential (401/403); null: not known or not asked. */
  authenticated: boolean | null;
  /** The principal the receiver took the caller for (its `authenticated_as`). */
  authenticated_as: string | null;
  /** What the sample maps to (the receiver's dry-run answer; the log file's last line). */
  sessions: SessionInput[];
  event: unknown;
  /** Log file: the files the path or glob matches. */
  files?: string[];
  reason: string | null;
}

export async function testSource(
  store: Store,
  id: string,
  options: SourceTestOptions,
): Promise<SourceTestResult> {
  const { source, hash } = store.read((r) => ({
    source: getSource(r, id),
    hash: (
      r.prepare('SELECT secret_hash FROM sources WHERE source_id = ?').get(id) as {
        secret_hash: string | null;
      }
    ).secret_hash,
  }));
  const conn = connectionOf(source, options.baseUrl);
  const base = {
    source_id: source.source_id,
    type: source.type,
    name: source.name,
    target: conn.url ?? conn.path ?? '',
    credential: null,
    http_status: null,
    latency_ms: null,
    authenticated: null,
    authenticated_as: null,
    sessions: [],
    event: null,
    reason: null,
  };
  if (source.type === 'logfile') {
    const check = await checkLogfile(source.endpoint ?? '', source.options);
    return {
      ...base,
      ok: check.ok,
      files: check.files,
      sessions: check.sessions,
      event: check.sessions[0]?.events[0] ?? null,
      reason: check.reason,
    };
  }
  const now = (options.now ?? (() => new Date()))();
  let sample: Sample;
  let credential: string;
  if (source.type === 'webhook') {
    const secret = webhookSecret(options.dataDir, source.source_id);
    if (hash !== null && secretHash(secret) !== hash) {
      return {
        ...base,
        ok: false,
        reason:
          "the webhook secret derived from this data directory's source-secrets.key is not the one issued: the key file changed (deliveries will be refused)",
      };
    }
    sample = webhookSample(conn.url!, secret, now);
    credential = 'webhook signature';
  } else {
    if (!options.credential) {
      throw new UsageError(
        `--token: ${source.type === 'otel' ? 'an' : 'a'} ${source.type} source is tested with its token (--token or EVID_SOURCE_TOKEN) or an admin key (EVID_API_KEY)`,
        { field: 'token' },
      );
    }
    credential = options.credential.kind;
    sample =
      source.type === 'otel'
        ? otelSample(conn.url!, options.credential.value, now)
        : gatewaySample(conn.url!, options.credential.value);
  }
  return { ...base, credential, ...(await roundTrip(sample, options.timeoutMs ?? 10_000)) };
}

type Trip = Pick<
  SourceTestResult,
  | 'ok'
  | 'http_status'
  | 'latency_ms'
  | 'authenticated'
  | 'authenticated_as'
  | 'sessions'
  | 'event'
  | 'reason'
>;

interface DryRunAnswer {
  dry_run?: unknown;
  authenticated_as?: unknown;
  sessions?: unknown;
}

async function roundTrip(sample: Sample, timeoutMs: number): Promise<Trip> {
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(sample.url, {
      method: 'POST',
      headers: sample.headers,
      body: sample.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    const why =
      (err as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : cause === 'ECONNREFUSED'
          ? 'connection refused (is evid serve running there? see --url)'
          : `${(err as Error).message}${cause ? ` (${cause})` : ''}`;
    return failed(null, null, `${sample.url}: ${why}`);
  }
  const latency = Math.round((performance.now() - started) * 10) / 10;
  let body: unknown = undefined;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: quoted below.
  }
  const status = res.status;
  if (status === 401 || status === 403) {
    return {
      ...failed(status, latency, `authentication failed (${status}): ${messageOf(body, text)}`),
      authenticated: false,
    };
  }
  if (status !== 200) {
    const what =
      status === 404 ? `no receiver answered at ${sample.url}` : `the receiver answered ${status}`;
    return failed(status, latency, `${what}: ${messageOf(body, text)}`);
  }
  const answer = (typeof body === 'object' && body !== null ? body : {}) as DryRunAnswer;
  if (answer.dry_run !== true) {
    return {
      ...failed(
        status,
        latency,
        'the receiver answered 200 but not as a dry run: it may have stored the sample',
      ),
      authenticated: true,
    };
  }
  const sessions = Array.isArray(answer.sessions) ? (answer.sessions as SessionInput[]) : [];
  const event = sessions[0]?.events[0] ?? null;
  return {
    ok: event !== null,
    http_status: status,
    latency_ms: latency,
    authenticated: true,
    authenticated_as: typeof answer.authenticated_as === 'string' ? answer.authenticated_as : null,
    sessions,
    event,
    reason: event === null ? 'the receiver mapped the sample to no event' : null,
  };
}

function failed(status: number | null, latency: number | null, reason: string): Trip {
  return {
    ok: false,
    http_status: status,
    latency_ms: latency,
    authenticated: null,
    authenticated_as: null,
    sessions: [],
    event: null,
    reason,
  };
}

/** An evid error body's details, an OTLP google.rpc.Status message, or the text itself. */
function messageOf(body: unknown, text: string): string {
  const b = body as { error?: { details?: unknown }; message?: unknown } | undefined;
  const m = b?.error?.details ?? b?.message;
  return typeof m === 'string' && m !== '' ? m : text.slice(0, 200) || '(empty body)';
}
