import { execa, type ResultPromise } from 'execa';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './cli.js';

export const ADMIN_KEY = 'test-admin-key-0123456789abcdef';

export interface RunningServer {
  url: string;
  /** The OTLP endpoint of the second listener, when started with --otlp-port. */
  otlp?: string;
  /** The safety API's listener, when started with --safety-port. */
  safety?: string;
  child: ResultPromise;
  /** Sends SIGTERM and waits for the process to exit. */
  stop(): Promise<{ code: number | undefined; stdout: string; stderr: string }>;
}

/**
 * Starts the BUILT binary's server on port 0 and reads the address it prints as its first
 * stdout line (`{"listening": "http://127.0.0.1:PORT"}`).
 */
export async function startServer(options: {
  dataDir: string;
  bin?: 'evid' | 'audit';
  env?: Record<string, string>;
  args?: string[];
}): Promise<RunningServer> {
  const child = execa(
    process.execPath,
    [
      join(ROOT, 'bin', `${options.bin ?? 'evid'}.js`),
      'serve',
      '--port',
      '0',
      ...(options.args ?? []),
    ],
    {
      reject: false,
      env: {
        EVID_DATA_DIR: options.dataDir,
        EVID_API_KEY: ADMIN_KEY,
        EVID_LOG_LEVEL: 'warn',
        NO_COLOR: '1',
        ...options.env,
      },
      extendEnv: true,
      buffer: { stdout: false, stderr: true },
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<{ listening: string; otlp?: string; safety?: string }>(
    (resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not start in 20 s')), 20_000);
      lines.once('line', (line) => {
        clearTimeout(timer);
        try {
          resolve(JSON.parse(line) as { listening: string; otlp?: string; safety?: string });
        } catch (err) {
          reject(err as Error);
        }
      });
      void child.then((r) => reject(new Error(`server exited: ${String(r.stderr)}`)));
    },
  );
  const rest: string[] = [];
  lines.on('line', (line) => rest.push(line));
  const url = first.listening;
  return {
    url,
    ...(first.otlp ? { otlp: first.otlp } : {}),
    ...(first.safety ? { safety: first.safety } : {}),
    child,
    async stop() {
      child.kill('SIGTERM');
      const r = await child;
      return { code: r.exitCode, stdout: rest.join('\n'), stderr: String(r.stderr) };
    },
  };
}

/** Parsed JSON answers are read loosely in tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface Answer<T = Loose> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** One HTTP request with a bearer credential (or none), JSON in and out. */
export async function api<T = Loose>(
  url: string,
  path: string,
  options: {
    method?: string;
    key?: string | null;
    body?: unknown;
    raw?: string | Buffer;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? ADMIN_KEY : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | Buffer | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${url}${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (downloads)
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/** A trace ingestion request with `n` events. */
export function trace(sessionId: string, agent = 'support-bot', n = 2): Record<string, unknown> {
  return {
    session_id: sessionId,
    agent,
    framework: 'langchain',
    events: Array.from({ length: n }, (_, i) => ({
      type: i % 2 ? 'tool_call' : 'llm_call',
      model: 'gpt-4o-mini',
      prompt: `question ${i} from ${sessionId}`,
      completion: `answer ${i}`,
      tokens_prompt: 10,
      tokens_completion: 20,
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    })),
  };
}
