import { JOB_STATES, listJobs } from '../../jobs.js';
import { pageOf, type PageQuery } from '../../query.js';
import { defineRoute, listResponse, pageQuery } from '../../route.js';
import { jobSchema } from './schema.js';

export const jobsListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/jobs',
  summary: "the caller's background jobs, newest first (an admin sees every credential's)",
  description:
    'Each as GET /api/v1/jobs/{id} shows it. Jobs are kept in memory: running and queued ones, and the newest 500 finished; a restarted server lists none.',
  tag: 'jobs',
  auth: 'authenticated',
  schema: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        state: { type: 'string', enum: JOB_STATES },
        kind: {
          type: 'string',
          minLength: 1,
          maxLength: 64,
          description: 'pack, report, ledger_verify, or a safety run kind',
        },
        ...pageQuery,
      },
    },
    response: {
      200: {
        ...listResponse('jobs', 'a page of jobs, newest first', jobSchema),
        additionalProperties: false,
        required: ['jobs', 'total', 'page', 'page_size', 'offset'],
      },
    },
  },
  handler(req, _reply, ctx) {
    const q = req.query as PageQuery & { state?: string; kind?: string };
    const { limit, offset } = pageOf(q);
    const filter = { state: q.state, kind: q.kind };
    const { jobs, total } = listJobs(ctx, req.principal!, filter, { limit, offset });
    return { jobs, total, page: Math.floor(offset / limit) + 1, page_size: limit, offset };
  },
});
