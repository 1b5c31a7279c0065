import { cancelJob, jobUrl, showJob } from '../../jobs.js';
import { defineRoute, errorAnswer } from '../../route.js';
import { jobIdParams, jobSchema } from './schema.js';

export const jobsCancelRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/jobs/:id/cancel',
  summary: 'cancel a queued or running background job',
  description:
    "A queued job is cancelled at once and never runs. A running job is asked to stop: its run ends at its next progress report, leaving nothing half-made in the store (no pack, no report file, no temp file; a report or safety run's own status is failed, its error saying it was cancelled), and the job ends cancelled. Answers 202 with the job as GET /api/v1/jobs/{id} shows it at that instant: state cancelled for a queued job, running with cancel_requested true for a running one (poll it). A run whose last progress report (done == total) came before the request ends done. Only the credential that started the job, or an admin, may cancel it: anyone else gets 404. 409 when the job already ended (done, failed or cancelled).",
  tag: 'jobs',
  auth: 'authenticated',
  schema: {
    params: jobIdParams,
    response: {
      202: { ...jobSchema, description: 'the job, cancelled or asked to stop' },
      404: errorAnswer("no such job, or not the caller's (unless an admin), or forgotten"),
      409: errorAnswer('the job already ended: done, failed or cancelled (named in the message)'),
    },
  },
  handler(req, reply, ctx) {
    const { id } = req.params as { id: string };
    const job = cancelJob(ctx, id, req.principal!);
    reply.code(202).header('location', jobUrl(job.id));
    return showJob(job);
  },
});
