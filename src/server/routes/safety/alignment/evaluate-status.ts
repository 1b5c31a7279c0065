import { defineRoute, errorAnswer, idParams } from '../../../route.js';
import { alignmentEvaluationRunSchema } from '../schema.js';

export const alignmentEvaluateStatusRoute = defineRoute({
  method: 'GET',
  url: '/v1/alignment/evaluate/:id',
  summary: 'one alignment evaluation run: running, done (with its result) or failed',
  tag: 'safety',
  auth: 'read',
  schema: {
    params: idParams,
    response: {
      200: {
        ...alignmentEvaluationRunSchema,
        description: 'the run, as POST answered it once done',
      },
      404: errorAnswer('no alignment evaluation run with this id'),
    },
  },
  async handler(req, _reply, ctx) {
    const [{ getRun }, { showRun }] = await Promise.all([
      import('../../../../store/safety-runs.js'),
      import('../../../safety-jobs.js'),
    ]);
    const { id } = req.params as { id: string };
    return showRun(ctx.store.read((r) => getRun(r, id, 'alignment_evaluation')));
  },
});
