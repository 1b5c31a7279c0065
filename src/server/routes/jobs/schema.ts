import { JOB_ID, JOB_STATES } from '../../jobs.js';
import { orNull } from '../../route.js';

/**
 * A background job as GET /api/v1/jobs/{id} shows it (src/server/jobs.ts showJob): the
 * owner stays inside. Also the 202 answer of the routes that start one.
 */
export const jobSchema = {
  $id: 'Job',
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'kind',
    'state',
    'progress',
    'created_at',
    'started_at',
    'finished_at',
    'result_url',
    'result',
    'error',
    'cancel_requested',
    'status_url',
  ],
  properties: {
    id: { type: 'string', description: 'job_<ULID>, or the id of the report or safety run' },
    kind: { type: 'string', description: 'pack, report, ledger_verify, or a safety run kind' },
    state: {
      type: 'string',
      enum: JOB_STATES,
      description: 'queued -> running -> done | failed; cancelled from queued or running',
    },
    progress: {
      type: 'object',
      additionalProperties: false,
      required: ['done', 'total', 'phase'],
      properties: {
        done: { type: 'integer' },
        total: { type: 'integer', description: '0 while not known' },
        phase: { type: 'string' },
      },
    },
    created_at: { type: 'string' },
    started_at: orNull('string'),
    finished_at: orNull('string'),
    result_url: orNull('string', "once done: a download, or the report's or run's status"),
    result: {
      description: 'once done, the outcome when it has no URL of its own (a verify run); else null',
    },
    error: {
      type: ['object', 'null'],
      description:
        "once failed or cancelled: the error body's `error` member, without a request_id (a cancelled job's: 409, type `cancelled`)",
      additionalProperties: false,
      required: ['code', 'message', 'type', 'details'],
      properties: {
        code: { type: 'integer', description: 'HTTP status' },
        message: { type: 'string', description: 'HTTP reason phrase' },
        type: { type: 'string', description: 'stable error code: validation, internal, ...' },
        details: { type: 'string' },
        field: { type: 'string' },
      },
    },
    cancel_requested: {
      type: 'boolean',
      description:
        'POST /api/v1/jobs/{id}/cancel was asked: a running job stops at its next progress report',
    },
    status_url: { type: 'string', description: 'this job: /api/v1/jobs/{id}' },
  },
} as const;

/** The `{id}` of the routes about one job (GET, cancel). */
export const jobIdParams = {
  type: 'object',
  required: ['id'],
  properties: {
    id: {
      type: 'string',
      pattern: JOB_ID.source,
      description: 'job_<ULID>, or the id of a report or safety run',
    },
  },
} as const;
