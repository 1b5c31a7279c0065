import { defineRoute, orNull } from '../../../route.js';

export const safetyGuardStatusRoute = defineRoute({
  method: 'GET',
  url: '/v1/analysis/safety/guard',
  summary: "the guard model's background pass: configured guard and its counters",
  description:
    'checked: events judged; flagged: findings written; failed: guard calls that timed out, were refused or answered out of format (intake never waits for them); last_error names the event.',
  tag: 'safety',
  auth: 'read',
  schema: {
    response: {
      200: {
        type: 'object',
        description: 'the guard model of the live policy and what the guard worker has done',
        additionalProperties: false,
        required: [
          'configured',
          'detector',
          'endpoint',
          'format',
          'checked',
          'flagged',
          'failed',
          'last_error',
          'updated_at',
        ],
        properties: {
          configured: { type: 'boolean' },
          detector: orNull('string', 'guard:<model>; null when no guard is configured'),
          endpoint: orNull('string'),
          format: orNull('string'),
          checked: { type: 'integer', description: 'answers the guard judged' },
          flagged: { type: 'integer' },
          failed: { type: 'integer', description: 'answers the guard could not judge' },
          last_error: orNull('string'),
          updated_at: orNull('string'),
        },
      },
    },
  },
  async handler(_req, _reply, ctx) {
    const [{ livePolicy }, { readGuardState }] = await Promise.all([
      import('../../../../detect/live-policy.js'),
      import('../../../../detect/guard/worker.js'),
    ]);
    return ctx.store.read((r) => {
      const guard = livePolicy(r).policy.guard;
      const state = readGuardState(r);
      return {
        configured: guard !== undefined,
        detector: guard ? `guard:${guard.model}` : null,
        endpoint: guard?.endpoint ?? null,
        format: guard?.format ?? null,
        checked: state?.checked ?? 0,
        flagged: state?.flagged ?? 0,
        failed: state?.failed ?? 0,
        last_error: state?.last_error ?? null,
        updated_at: state?.updated_at ?? null,
      };
    });
  },
});
