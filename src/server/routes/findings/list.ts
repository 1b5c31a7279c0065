import { FINDING_STATUSES, listFindings, SEVERITY_ORDER } from '../../../store/findings.js';
import { windowAndPage, type WindowedPageQuery } from '../../query.js';
import { defineRoute, filterString, listResponse, pageQuery, timeQuery } from '../../route.js';
import { findingSummarySchema } from './schema.js';

interface Query extends WindowedPageQuery {
  severity?: string;
  status?: string;
  type?: string;
  agent?: string;
  trace?: string;
}

export const findingsListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/findings',
  summary: 'list findings, newest first (the filters of `evid findings list`)',
  tag: 'findings',
  auth: 'read',
  schema: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        severity: { type: 'string', enum: [...SEVERITY_ORDER] },
        status: { type: 'string', enum: [...FINDING_STATUSES] },
        type: { ...filterString, description: 'a finding type (pii.email) or category (pii)' },
        agent: filterString,
        trace: { ...filterString, description: 'trace_id or session_id' },
        ...timeQuery,
        ...pageQuery,
      },
    },
    response: {
      200: listResponse('findings', 'a page of finding summaries', findingSummarySchema),
    },
  },
  handler(req, _reply, ctx) {
    const q = req.query as Query;
    const filter = {
      severity: q.severity,
      status: q.status,
      type: q.type,
      agent: q.agent,
      trace: q.trace,
      ...windowAndPage(q),
    };
    return ctx.store.read((r) => listFindings(r, filter));
  },
});
