import type { FastifyReply, FastifyRequest } from 'fastify';
import { callIdentity, openAiError } from '../../../sources/gateway/call.js';
import { plannedSession, proxyCall, type GatewayApi } from '../../../sources/gateway/proxy.js';
import { sourceForCaller } from '../../../sources/registry.js';
import { errorAnswer, type RouteDef, type ServerContext } from '../../route.js';
import { gatewayResponses } from './schema.js';

/** `/gateway/{id}/v1/...`: the source id is the first path segment. */
export const gatewayParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 256 } },
} as const;

/** The gateway routes' schema: their answers are the upstream's, their refusals evid's. */
export const gatewaySchema = {
  params: gatewayParams,
  response: {
    ...gatewayResponses,
    404: errorAnswer('no gateway source with this id, or it was removed'),
  },
};

/** The body of a gateway call: the OpenAI API's own, forwarded unchanged (never validated here). */
export const gatewayDocs = {
  body: {
    type: 'object',
    description: "the OpenAI API's request body, forwarded to the upstream as sent",
  },
};

export const GATEWAY_DESCRIPTION =
  "Recording gateway (docs/sources.md): an OpenAI-compatible proxy to the source's upstream. Send the source token in X-Evid-Key and the upstream's own key in Authorization (forwarded, never stored). Optional X-Evid-Session-Id (or Helicone-Session-Id), X-Evid-Agent, X-Evid-Dry-Run: 1. Upstream answers pass through unchanged; 502 upstream down, 504 upstream silent, 503 kill switch or unrecorded call on a fail-closed source, in OpenAI's error shape.";

/**
 * The handler every gateway route shares: the credential and the source are checked as for
 * any receiver (401/403/404 in evid's error shape, before anything is forwarded); a dry run
 * answers what would be recorded; otherwise the reply is handed to the proxy, which writes
 * the upstream's answer (or an OpenAI-shaped error) itself.
 */
export function gatewayHandler(api: GatewayApi): RouteDef['handler'] {
  return async (req: FastifyRequest, reply: FastifyReply, ctx: ServerContext) => {
    const { id } = req.params as { id: string };
    const principal = req.principal!;
    const source = ctx.store.read((r) => sourceForCaller(r, principal, id, 'gateway'));
    const body = Buffer.isBuffer(req.body) ? req.body : undefined;
    const query = req.url.indexOf('?');
    const call = {
      store: ctx.store,
      source,
      call: callIdentity(req.headers, req.id, source),
      actor: principal.actor,
      method: req.method,
      headers: req.headers,
      body,
      search: query >= 0 ? req.url.slice(query) : '',
      warn: (message: string) => req.log.warn({ source_id: source.source_id }, message),
    };
    if (call.call.dryRun) {
      const session = plannedSession(api, call);
      return {
        dry_run: true,
        source_id: source.source_id,
        authenticated_as: principal.id,
        sessions: session ? [session] : [],
      };
    }
    reply.hijack();
    try {
      await proxyCall(api, call, reply.raw);
    } catch (err) {
      // A fault of ours, not the upstream's: say so in the shape the client parses.
      req.log.error({ err }, 'gateway call failed');
      if (reply.raw.headersSent) {
        reply.raw.destroy();
        return;
      }
      const text = JSON.stringify(
        openAiError(`internal error; quote request id ${req.id}`, 'internal_error', 'internal'),
      );
      reply.raw.writeHead(500, { 'content-type': 'application/json', 'x-request-id': req.id });
      reply.raw.end(text);
    }
  };
}
