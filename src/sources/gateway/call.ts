import type { IncomingHttpHeaders } from 'node:http';
import type { Source } from '../types.js';

/** Default for the source option `timeout_ms`: how long the upstream may stay silent. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** The gateway options a source carries in `sources.options` (set by `sources add`). */
export interface GatewayOptions {
  /** Refuse (503) rather than answer when the call could not be recorded. */
  failClosed: boolean;
  timeoutMs: number;
}

export function gatewayOptions(source: Source): GatewayOptions {
  const { fail_closed: failClosed, timeout_ms: timeoutMs } = source.options;
  return {
    failClosed: failClosed === true,
    timeoutMs:
      typeof timeoutMs === 'number' && Number.isInteger(timeoutMs) && timeoutMs > 0
        ? timeoutMs
        : DEFAULT_TIMEOUT_MS,
  };
}

/** Who the call is recorded for, from the client's headers. */
export interface CallIdentity {
  /** Gateway request id (`req_...`): the default session and every event id derive from it. */
  requestId: string;
  sessionId: string;
  agent: string;
  /** X-Evid-Dry-Run: 1 (`evid sources test`): map and answer, store nothing, call nothing. */
  dryRun: boolean;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : undefined;
}

/**
 * The session is the client's (`X-Evid-Session-Id`, or Helicone's `Helicone-Session-Id` so
 * Helicone users need change only the base URL), else one per request (`gw_<request id>`).
 * The agent is `X-Evid-Agent`, else the source's name.
 */
export function callIdentity(
  headers: IncomingHttpHeaders,
  requestId: string,
  source: Source,
): CallIdentity {
  return {
    requestId,
    sessionId:
      header(headers, 'x-evid-session-id') ??
      header(headers, 'helicone-session-id') ??
      `gw_${requestId}`,
    agent: header(headers, 'x-evid-agent') ?? source.name,
    dryRun: header(headers, 'x-evid-dry-run') === '1',
  };
}

/** The error body OpenAI's clients parse: `{"error": {"message", "type", "code"}}`. */
export function openAiError(
  message: string,
  type: string,
  code: string,
): { error: { message: string; type: string; code: string } } {
  return { error: { message, type, code } };
}
