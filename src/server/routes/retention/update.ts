import { ValidationError } from '../../../errors.js';
import { parseDays, setRetentionPolicy } from '../../../retention/policy.js';
import { defineRoute } from '../../route.js';
import { policyAnswerSchema } from './schema.js';

export const retentionUpdateRoute = defineRoute({
  method: 'PUT',
  url: '/api/v1/retention',
  summary: 'set the retention window and whether the server enforces it (admin; ledgered)',
  description:
    'The same as `evid retention set`. Fields left out keep their value; `days` is required while no policy is set. Under 183 days the answer carries the EU AI Act warning.',
  tag: 'retention',
  auth: 'admin',
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        // Checked by the domain, so the error names the range (7 to 365).
        days: { description: 'retention window in days, 7 to 365' },
        enforce: { description: 'purge on a schedule in `evid serve` (boolean)' },
      },
    },
    response: { 200: policyAnswerSchema },
  },
  handler(req, _reply, ctx) {
    const body = (req.body ?? {}) as { days?: unknown; enforce?: unknown };
    const days = body.days === undefined ? undefined : parseDays(body.days);
    if (body.enforce !== undefined && typeof body.enforce !== 'boolean') {
      throw new ValidationError(
        `enforce: must be true or false (got ${JSON.stringify(body.enforce)})`,
        {
          field: 'enforce',
        },
      );
    }
    const enforce = body.enforce as boolean | undefined;
    const result = ctx.store.transact(
      (tx) =>
        setRetentionPolicy(tx, {
          ...(days === undefined ? {} : { days }),
          ...(enforce === undefined ? {} : { enforce }),
        }),
      req.principal!.actor,
    );
    return { ...result.policy, warning: result.warning };
  },
});
