import { defineRoute, errorAnswer, idParams } from '../../../route.js';
import { objectiveSetSchema } from '../schema.js';

export const alignmentObjectivesGetRoute = defineRoute({
  method: 'GET',
  url: '/v1/alignment/objectives/:id',
  summary: 'one stored set of processed alignment objectives',
  tag: 'safety',
  auth: 'read',
  schema: {
    params: idParams,
    response: {
      200: { ...objectiveSetSchema, description: 'as POST /v1/alignment/objectives answered' },
      404: errorAnswer('no objective set with this id'),
    },
  },
  async handler(req, _reply, ctx) {
    const { getObjectiveSet } = await import('../../../../store/safety-runs.js');
    const { NotFoundError } = await import('../../../../errors.js');
    const { id } = req.params as { id: string };
    const set = ctx.store.read((r) => getObjectiveSet(r, id));
    if (!set) throw new NotFoundError(`objective set ${id} not found`);
    const request = JSON.parse(set.request) as { context?: string; domain?: string };
    return {
      id: set.set_id,
      context: request.context ?? null,
      domain: request.domain ?? null,
      objectives: JSON.parse(set.objectives) as unknown,
      created_at: set.created_at,
    };
  },
});
