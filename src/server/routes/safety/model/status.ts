import { defineRoute, errorAnswer, idParams } from '../../../route.js';
import { modelAnalysisRunSchema } from '../schema.js';

export const safetyModelStatusRoute = defineRoute({
  method: 'GET',
  url: '/v1/analysis/safety/model/:id',
  summary: 'one model analysis run: running, done (with its result) or failed (with the reason)',
  tag: 'safety',
  auth: 'read',
  schema: {
    params: idParams,
    response: {
      200: { ...modelAnalysisRunSchema, description: 'the run, as POST answered it once done' },
      404: errorAnswer('no model analysis run with this id'),
    },
  },
  async handler(req, _reply, ctx) {
    const [{ getRun }, { showRun }] = await Promise.all([
      import('../../../../store/safety-runs.js'),
      import('../../../safety-jobs.js'),
    ]);
    const { id } = req.params as { id: string };
    return showRun(ctx.store.read((r) => getRun(r, id, 'model_analysis')));
  },
});
