import { addHold } from '../../../retention/holds.js';
import { timeBound } from '../../query.js';
import { defineRoute, errorAnswer } from '../../route.js';
import { holdSchema } from './schema.js';

const text = { type: 'string', minLength: 1, maxLength: 1000 } as const;
// The domain's limit for names (retention/holds.ts), so the document states the rule it enforces.
const name = { type: 'string', minLength: 1, maxLength: 200 } as const;

export const holdsAddRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/retention/holds',
  summary: 'place a legal hold (admin; ledgered; `evid retention hold add`)',
  description:
    'Exactly one selector: trace (a trace_id), session, agent, or since with until (ISO 8601 or a duration like 7d). The records it covers are never purged until it is released.',
  tag: 'retention',
  auth: 'admin',
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['reason'],
      properties: {
        trace: text,
        session: text,
        agent: name,
        since: text,
        until: text,
        reason: text,
        case: name,
      },
    },
    response: {
      201: { ...holdSchema, description: 'the hold placed' },
      404: errorAnswer('the trace or session named is not in the store'),
    },
  },
  handler(req, reply, ctx) {
    const body = req.body as Record<string, string | undefined>;
    const now = new Date();
    const hold = ctx.store.transact(
      (tx) =>
        addHold(tx, {
          trace: body.trace,
          session: body.session,
          agent: body.agent,
          since: timeBound(body.since, 'since', now),
          until: timeBound(body.until, 'until', now),
          reason: body.reason,
          case: body.case,
        }),
      req.principal!.actor,
    );
    reply.code(201);
    return hold;
  },
});
