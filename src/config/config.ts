import { availableParallelism, homedir, hostname, userInfo } from 'node:os';
import { join, resolve } from 'node:path';

/** Ledger entries per worker task in ledger-wide scans unless EVID_SCAN_CHUNK says otherwise. */
export const DEFAULT_SCAN_CHUNK = 65_536;

/** Everything read from the environment, read once (STYLE.md "config/"). */
export interface Config {
  /** Directory holding the store (evid.db) and the ledger signing key. */
  dataDir: string;
  /** Actor recorded on ledgered changes made from this process. */
  actor: string;
  apiPort: number;
  /** EVID_SAFETY_PORT as given: `serve` serves the safety API there (checked by serve). */
  safetyPort: string | undefined;
  apiKey: string | undefined;
  oidcIssuerUrl: string | undefined;
  oidcClientId: string | undefined;
  /** EVID_OIDC_ROLE_CLAIM: the token claim holding the role (default evid_role; `roles` is the fallback). */
  oidcRoleClaim: string;
  /** EVID_API_HOST: address `serve` binds (default 127.0.0.1; the container image sets 0.0.0.0). */
  apiHost: string;
  /** EVID_RATE_LIMIT as given (`1000` per minute, or `N/<duration>`); parsed by the server. */
  rateLimit: string | undefined;
  /** EVID_LOG_LEVEL for the server's JSON logs (default info). */
  logLevel: string;
  /** EVID_SCAN_THREADS: worker threads for ledger-wide scans (`audit verify`, packs); 1 = none. */
  scanThreads: number;
  /** EVID_SCAN_CHUNK: ledger entries per worker task, a power of two (default 65536). */
  scanChunk: number;
  /** Whether the store may be created on first write (false for read-only commands). */
  createStore: boolean;
  /** EVID_TRUST_FINGERPRINT: the ledger key `audit verify` pins when no flag does. */
  trustFingerprint: string | undefined;
  /** EVID_SIEM_RETRY_MS: the first wait after a failed SIEM delivery (default 1000; cap 300x). */
  siemRetryMs: number | undefined;
  /** EVID_MODEL_API_KEY: bearer key for the models that model analysis and alignment call. */
  modelApiKey: string | undefined;
  /** EVID_MODEL_TIMEOUT_MS: the longest wait for one model answer in those runs (default 30000). */
  modelTimeoutMs: number;
  /** Operator quotas as given (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS); src/admin/quota.ts parses them. */
  quotas: { storeBytes: string | undefined; events: string | undefined };
  /** The servers' log files: rotate at EVID_LOG_MAX_BYTES (default 10 MiB), keep EVID_LOG_FILES (default 5). */
  logFiles: { maxBytes: number; keep: number };
  /** EVID_RETENTION_INTERVAL: how often `serve` enforces retention (`30s`, `15m`, `1h`; default 1h). */
  retentionIntervalMs: number;
  /** EVID_TOKEN_TTL: lifetime of a safety API access token (`30m`, `1h`, `1d`; default 1h). */
  tokenTtlMs: number;
  /** Outgoing mail for monitoring alerts (EVID_SMTP_*); undefined when EVID_SMTP_HOST is unset. */
  smtp: SmtpConfig | undefined;
}

export interface SmtpConfig {
  host: string;
  /** EVID_SMTP_PORT (default 587). */
  port: number;
  /** EVID_SMTP_SECURE=1: TLS from the first byte (port 465); otherwise STARTTLS when offered. */
  secure: boolean;
  /** EVID_SMTP_USER and EVID_SMTP_PASSWORD, when the server wants a login. */
  user: string | undefined;
  password: string | undefined;
  /** EVID_SMTP_FROM (default evid@<hostname>). */
  from: string;
}

export interface ConfigInput {
  dataDir?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /** The caller may create the store (commands that write; servers). Default true. */
  createStore?: boolean;
}

/** Resolution order (DESIGN.md): --data-dir, EVID_DATA_DIR, $XDG_DATA_HOME/evid, ~/.local/share/evid. */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (flag) return resolve(flag);
  if (env.EVID_DATA_DIR) return resolve(env.EVID_DATA_DIR);
  const xdg = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(xdg, 'evid');
}

export function loadConfig(input: ConfigInput = {}): Config {
  const env = input.env ?? process.env;
  const port = Number(env.EVID_API_PORT ?? 8080);
  return {
    dataDir: resolveDataDir(input.dataDir, env),
    actor: env.EVID_ACTOR || defaultActor(env),
    apiPort: Number.isInteger(port) && port > 0 && port < 65536 ? port : 8080,
    safetyPort: env.EVID_SAFETY_PORT || undefined,
    apiKey: env.EVID_API_KEY || undefined,
    oidcIssuerUrl: env.EVID_OIDC_ISSUER_URL || undefined,
    oidcClientId: env.EVID_OIDC_CLIENT_ID || undefined,
    oidcRoleClaim: env.EVID_OIDC_ROLE_CLAIM || 'evid_role',
    apiHost: env.EVID_API_HOST || '127.0.0.1',
    rateLimit: env.EVID_RATE_LIMIT || undefined,
    logLevel: env.EVID_LOG_LEVEL || 'info',
    scanThreads: positiveInt(env.EVID_SCAN_THREADS) ?? Math.min(availableParallelism(), 4),
    scanChunk: powerOfTwo(env.EVID_SCAN_CHUNK) ?? DEFAULT_SCAN_CHUNK,
    trustFingerprint: env.EVID_TRUST_FINGERPRINT || undefined,
    retentionIntervalMs: intervalMs(env.EVID_RETENTION_INTERVAL) ?? 3_600_000,
    tokenTtlMs: intervalMs(env.EVID_TOKEN_TTL) ?? 3_600_000,
    smtp: smtpConfig(env),
    createStore: input.createStore ?? true,
    siemRetryMs: positiveInt(env.EVID_SIEM_RETRY_MS),
    modelApiKey: env.EVID_MODEL_API_KEY || undefined,
    modelTimeoutMs: positiveInt(env.EVID_MODEL_TIMEOUT_MS) ?? 30_000,
    quotas: {
      storeBytes: env.EVID_QUOTA_STORE_BYTES || undefined,
      events: env.EVID_QUOTA_EVENTS || undefined,
    },
    logFiles: {
      maxBytes: positiveInt(env.EVID_LOG_MAX_BYTES) ?? 10 * 1024 * 1024,
      keep: positiveInt(env.EVID_LOG_FILES) ?? 5,
    },
  };
}

function smtpConfig(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  if (!env.EVID_SMTP_HOST) return undefined;
  const port = Number(env.EVID_SMTP_PORT ?? 587);
  return {
    host: env.EVID_SMTP_HOST,
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : 587,
    secure: env.EVID_SMTP_SECURE === '1' || env.EVID_SMTP_SECURE === 'true',
    user: env.EVID_SMTP_USER || undefined,
    password: env.EVID_SMTP_PASSWORD || undefined,
    from: env.EVID_SMTP_FROM || `evid@${hostname()}`,
  };
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `30s`, `15m`, `1h`, `1d`; anything else (or zero) is the default. */
function intervalMs(value: string | undefined): number | undefined {
  const m = /^(\d+)([smhd])$/.exec(value?.trim() ?? '');
  const ms = m ? Number(m[1]) * UNIT_MS[m[2]!]! : 0;
  return ms > 0 ? ms : undefined;
}

/** What `defaultActor` asks the OS: the account of this process (os.userInfo). */
export interface OsAccount {
  username(): string;
  uid(): number | undefined;
}

const OS_ACCOUNT: OsAccount = {
  username: () => userInfo().username,
  uid: () => process.getuid?.(),
};

/**
 * `cli:<name>` for ledger entries without EVID_ACTOR. `docker exec` sets neither USER nor
 * LOGNAME, so the OS account is asked next; a uid with no passwd entry (a container run as
 * `--user 1234`) makes userInfo throw, and then the uid is all there is to record.
 */
export function defaultActor(env: NodeJS.ProcessEnv, os: OsAccount = OS_ACCOUNT): string {
  const named = env.USER || env.LOGNAME;
  if (named) return `cli:${named}`;
  try {
    const username = os.username();
    if (username) return `cli:${username}`;
  } catch {
    // No passwd entry for this uid: fall through to the number.
  }
  const uid = os.uid();
  return uid === undefined ? 'cli:unknown' : `cli:uid:${uid}`;
}

function positiveInt(text: string | undefined): number | undefined {
  const n = Number(text);
  return text && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function powerOfTwo(text: string | undefined): number | undefined {
  const n = positiveInt(text);
  return n !== undefined && n >= 2 && Number.isInteger(Math.log2(n)) ? n : undefined;
}
