import { createSource } from '../../../sources/create.js';
import type { SourceInput } from '../../../sources/manage.js';
import { defineRoute, orNull } from '../../route.js';
import { createBody, sourceResponse } from './schema.js';

export const sourcesCreateRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/sources',
  summary: 'add a source (admin; ledgered); the answer carries its token or webhook secret, once',
  description:
    'otel and gateway sources get an ingest token, webhook sources a signing secret, log files none. `connect` says where to send and which header to use. The credential is never shown again (a retry with the same name is 409), and an Idempotency-Key does not keep this answer.',
  tag: 'sources',
  auth: 'admin',
  schema: {
    body: createBody,
    response: {
      201: {
        type: 'object',
        description: 'the source, its credential (this once) and how to connect',
        additionalProperties: false,
        required: ['source', 'credential', 'connect'],
        properties: {
          source: sourceResponse,
          credential: {
            type: ['object', 'null'],
            description:
              'otel/gateway: the ingest token; webhook: the signing secret; logfile: null',
            additionalProperties: false,
            required: ['kind', 'value'],
            properties: {
              kind: { type: 'string', enum: ['token', 'webhook_secret'] },
              value: { type: 'string' },
            },
          },
          connect: {
            type: 'object',
            additionalProperties: false,
            required: ['url', 'header'],
            properties: {
              url: orNull('string', "the receiver's URL (null for a log file)"),
              header: orNull('string', 'the header to send, with a <token> placeholder'),
              path: { type: 'string', description: 'logfile: the path or glob tailed' },
            },
          },
        },
      },
    },
  },
  handler(req, reply, ctx) {
    // The answer holds a credential shown once: the idempotency cache must not keep a copy
    // in the database. The unique name makes a retry safe anyway (409, nothing created).
    req.idempotency?.release();
    req.idempotency = undefined;
    const body = req.body as SourceInput;
    const created = ctx.store.transact(
      (tx) => createSource(tx, ctx.app.config.dataDir, body, `${req.protocol}://${req.host}`),
      req.principal!.actor,
    );
    reply.code(201).header('location', `/api/v1/sources/${created.source.source_id}`);
    reply.header('cache-control', 'no-store');
    return created;
  },
});
