import { NotFoundError } from '../../../errors.js';
import { findJob, showJob } from '../../jobs.js';
import { defineRoute, errorAnswer } from '../../route.js';
import { jobIdParams, jobSchema } from './schema.js';

export const jobsGetRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/jobs/:id',
  summary: 'one background job (report, pack build, ledger verify, safety run) and its progress',
  description:
    'state queued -> running -> done | failed, or cancelled (POST /api/v1/jobs/{id}/cancel; cancel_requested true while a running job stops); progress {done, total, phase}; once done, result_url (a download or the run/report status) and/or result (a verify run); once failed or cancelled, error (as in an error body; type cancelled). Only the credential that started the job, or an admin, sees it: anyone else gets 404. Jobs are kept in memory, the newest 500 finished ones.',
  tag: 'jobs',
  auth: 'authenticated',
  schema: {
    params: jobIdParams,
    response: {
      200: { ...jobSchema, description: 'the job' },
      404: errorAnswer("no such job, or not the caller's (unless an admin), or forgotten"),
    },
  },
  async handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    const job = findJob(ctx, id, req.principal!);
    // Someone else's job is "not found" too: its id says nothing to another credential.
    if (!job) throw new NotFoundError(`job ${id} not found`, { job_id: id });
    return showJob(job);
  },
});
