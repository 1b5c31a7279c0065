import { pageOf } from '../../query.js';
import { defineRoute, listResponse, pageQuery } from '../../route.js';
import { withLinks } from './links.js';
import { reportSchema } from './schema.js';

export const reportsListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/reports',
  summary: 'list reports, newest first, each with its status (queued, running, done, failed)',
  tag: 'reports',
  auth: 'read',
  schema: {
    querystring: { type: 'object', additionalProperties: false, properties: { ...pageQuery } },
    response: { 200: listResponse('reports', 'a page of reports', reportSchema) },
  },
  async handler(req, _reply, ctx) {
    const { listReports } = await import('../../../reports/report-store.js');
    const page = pageOf(req.query as Record<string, number>);
    const list = ctx.store.read((r) => listReports(r, page));
    return { ...list, reports: list.reports.map(withLinks), offset: page.offset };
  },
});
