import { deactivateKillSwitch } from '../../../killswitch/killswitch.js';
import { defineRoute } from '../../route.js';
import { changeResponse, toggleBody } from './schema.js';

export const killSwitchDeactivateRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/kill-switch/deactivate',
  summary: 'resume intake for that scope (admin; reason required; ledgered)',
  description:
    "Releases the global switch, or one agent's with `agent`. An agent switch is separate from the global one: releasing one leaves the other as it is.",
  tag: 'kill-switch',
  auth: 'admin',
  schema: { body: toggleBody, response: { 200: changeResponse } },
  handler(req, _reply, ctx) {
    const { reason, agent } = req.body as { reason: string; agent?: string };
    return ctx.store.transact(
      (tx) => deactivateKillSwitch(tx, { reason, agent }),
      req.principal!.actor,
    );
  },
});
