import { killSwitchStatus } from '../../../killswitch/killswitch.js';
import { targetStatuses } from '../../../siem/status.js';
import { listSources } from '../../../sources/registry.js';
import { storeStatus } from '../../../store/status.js';
import { defineRoute } from '../../route.js';
import { lastVerify } from '../ledger/last-verify.js';
import { dailySeries } from './series.js';
import { overviewSchema } from './schema.js';

export const overviewRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/overview',
  summary: "the dashboard's overview: counts, a daily series, sources, SIEM, kill switch, ledger",
  description:
    'status is `evid status` (traces, events, agents, findings by severity and status, ledger); series counts traces, events and findings per UTC day over `days` days.',
  tag: 'overview',
  auth: 'read',
  schema: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        days: { type: 'integer', minimum: 1, maximum: 366, description: 'default 30' },
      },
    },
    response: {
      200: overviewSchema,
    },
  },
  handler(req, _reply, ctx) {
    const { days } = req.query as { days?: number };
    const status = storeStatus(ctx.store);
    const last = lastVerify(ctx);
    return ctx.store.read((r) => {
      const ks = killSwitchStatus(r);
      return {
        status,
        series: dailySeries(r, new Date(), days ?? 30),
        sources: listSources(r).map((s) => ({
          source_id: s.source_id,
          type: s.type,
          name: s.name,
          status: s.status,
          last_event_at: s.last_event_at,
          event_count: s.event_count,
          error_count: s.error_count,
        })),
        siem: targetStatuses(r).map((t) => ({
          target_id: t.target_id,
          kind: t.kind,
          state: t.state,
          queue_depth: t.queue_depth,
          last_error: t.last_error,
        })),
        kill_switch: { active: ks.active, global: ks.global, agents: ks.agents },
        last_verify: last
          ? { finished_at: last.finished_at, ok: last.verdict.ok, actor: last.actor }
          : null,
      };
    });
  },
});
