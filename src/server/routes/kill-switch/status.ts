import { killSwitchStatus } from '../../../killswitch/killswitch.js';
import { defineRoute } from '../../route.js';
import { killSwitchStatusSchema } from './schema.js';

export const killSwitchStatusRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/kill-switch',
  summary: 'kill switch state: global and per agent, intakes refused, recent toggles',
  tag: 'kill-switch',
  auth: 'read',
  schema: {
    response: { 200: { ...killSwitchStatusSchema, description: 'every switch and its history' } },
  },
  handler(_req, _reply, ctx) {
    return ctx.store.read((r) => killSwitchStatus(r));
  },
});
