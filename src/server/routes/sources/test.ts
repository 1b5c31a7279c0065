import { baseUrlOf } from '../../../sources/connect.js';
import { testSource, type TestCredential } from '../../../sources/test-source.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { sourceTestSchema } from './test-schema.js';

export const sourcesTestRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/sources/:id/test',
  summary:
    "send a dry-run sample through this server's receiver for the source (admin; nothing stored)",
  description:
    "As `evid sources test`. otel/gateway samples authenticate with `token` (the source's own) when given, else with the caller's credential; a webhook sample is signed with the source's secret; a log file is checked on disk. 200 with ok true or false and why.",
  tag: 'sources',
  auth: 'admin',
  schema: {
    params: idParams,
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        token: {
          type: 'string',
          minLength: 1,
          maxLength: 4096,
          description: "the source's own token (otel, gateway)",
        },
      },
    },
    response: {
      200: sourceTestSchema,
      400: errorAnswer(
        'invalid input, or an otel/gateway source tested with no token and no bearer credential of the caller',
      ),
      404: errorAnswer('no source with this id, or it was removed'),
    },
  },
  async handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    const { token } = (req.body ?? {}) as { token?: string };
    return testSource(ctx.store, id, {
      dataDir: ctx.app.config.dataDir,
      // The round trip goes to this very server, where the request came in.
      baseUrl: baseUrlOf(req.socket.localAddress ?? '127.0.0.1', req.socket.localPort ?? 0),
      credential:
        token !== undefined ? { kind: 'source token', value: token } : callerCredential(req),
    });
  },
});

/** The caller's own bearer credential (an admin may ingest anywhere). */
function callerCredential(req: {
  headers: Record<string, unknown>;
  principal?: { kind: string };
}): TestCredential {
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''));
  if (!m) return undefined;
  return { kind: req.principal?.kind === 'env' ? 'EVID_API_KEY' : 'caller', value: m[1]! };
}
