import { addTarget } from '../../../siem/targets.js';
import { defineRoute } from '../../route.js';
import { addBody, targetResponse } from './schema.js';

type AddBody = Record<string, unknown> & {
  kind: string;
  endpoint: string;
  events?: string;
  token?: string;
  client_secret?: string;
};

export const siemAddRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/siem/targets',
  summary: 'add a SIEM target: splunk, sentinel or syslog (admin; ledgered; `evid siem add`)',
  description:
    'Each kind takes only its own fields (400 naming the field otherwise). The token or client secret goes to a 0600 file in the data directory, never to the database or any answer: the target shows `secret: "****"`.',
  tag: 'siem',
  auth: 'admin',
  schema: {
    body: addBody,
    response: { 201: { ...targetResponse, description: 'the target added (secret as "****")' } },
  },
  handler(req, reply, ctx) {
    const { kind, endpoint, events, token, client_secret, ...options } = req.body as AddBody;
    const target = ctx.store.transact(
      (tx) =>
        addTarget(tx, ctx.app.config.dataDir, {
          kind,
          endpoint,
          events,
          secret: token ?? client_secret,
          options,
          naming: 'fields',
        }),
      req.principal!.actor,
    );
    reply.code(201);
    return target;
  },
});
