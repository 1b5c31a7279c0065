import { defineRoute, errorAnswer } from '../../route.js';
import { withLinks } from './links.js';
import { reportSchema } from './schema.js';

export const reportsStatusRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/reports/:id',
  summary: 'one report and its status (by report_id or filename): poll this after generate',
  tag: 'reports',
  auth: 'read',
  schema: {
    params: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', minLength: 1, maxLength: 256 } },
    },
    response: {
      200: { ...reportSchema, description: 'the report; error says why a failed one failed' },
      404: errorAnswer('no report with this report_id or filename'),
    },
  },
  async handler(req, _reply, ctx) {
    const { getReport } = await import('../../../reports/report-store.js');
    const { id } = req.params as { id: string };
    return withLinks(ctx.store.read((r) => getReport(r, id)));
  },
});
