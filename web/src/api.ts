/**
 * The one way the pages talk to the server: same-origin fetches under /api/v1 with the
 * session cookie (sent by the browser, never readable here) and, on every write, the
 * session's CSRF token. A 401 means the session ended: the app shows the sign-in page.
 */
let csrfToken = '';
let onSignedOut: () => void = () => {};

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export function whenSignedOut(fn: () => void): void {
  onSignedOut = fn;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export async function api<T>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    quiet401?: boolean;
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api/v1${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!res.ok) {
    const err = (parsed as { error?: { details?: string; field?: string } } | null)?.error;
    if (res.status === 401 && !options.quiet401) onSignedOut();
    throw new ApiError(res.status, err?.details ?? `HTTP ${res.status}`, err?.field);
  }
  return parsed as T;
}

/** A query string from the non-empty values of an object. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}
