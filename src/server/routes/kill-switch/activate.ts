import { activateKillSwitch } from '../../../killswitch/killswitch.js';
import { defineRoute } from '../../route.js';
import { changeResponse, toggleBody } from './schema.js';

export const killSwitchActivateRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/kill-switch/activate',
  summary: 'halt intake, for every agent or one (admin; reason required; ledgered)',
  description:
    'While active, POST /api/v1/traces and /api/v1/events and `evid traces ingest` for a matching agent answer 503 with Retry-After (CLI exit 5); reads, verify, packs and exports keep working. Survives restarts.',
  tag: 'kill-switch',
  auth: 'admin',
  schema: { body: toggleBody, response: { 200: changeResponse } },
  handler(req, _reply, ctx) {
    const { reason, agent } = req.body as { reason: string; agent?: string };
    return ctx.store.transact(
      (tx) => activateKillSwitch(tx, { reason, agent }),
      req.principal!.actor,
    );
  },
});
