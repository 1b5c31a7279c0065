import { orNull } from '../../route.js';

/** A report row with its links (src/reports/report-store.ts ReportRow, links.ts withLinks). */
const reportProperties = {
  report_id: { type: 'string', description: 'rp_<ULID>' },
  filename: { type: 'string' },
  regulation: { type: 'string' },
  agent: orNull('string', 'null for a report on every agent'),
  format: { type: 'string', enum: ['html', 'pdf'] },
  // REPORT_STATUSES, spelt out: the routes load the report store lazily (startup time).
  status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
  created_at: { type: 'string' },
  started_at: orNull('string'),
  finished_at: orNull('string'),
  error: orNull('string', 'why a failed report failed'),
  sha256: orNull('string', 'of the file, once done'),
  size_bytes: orNull('integer'),
  score: orNull('number', 'the compliance score it reports, once done'),
  actor: { type: 'string' },
  status_url: { type: 'string', description: 'GET it to poll' },
  download_url: orNull('string', 'set once done'),
} as const;

export const reportSchema = {
  $id: 'Report',
  type: 'object',
  additionalProperties: false,
  required: Object.keys(reportProperties),
  properties: reportProperties,
} as const;

/** POST /api/v1/reports/generate: the queued report and the job that makes it. */
export const queuedReportSchema = {
  type: 'object',
  description: 'the queued report; job_id and job_url (GET /api/v1/jobs/{id}) for its progress',
  additionalProperties: false,
  required: [...Object.keys(reportProperties), 'job_id', 'job_url'],
  properties: {
    ...reportProperties,
    job_id: { type: 'string', description: "the report's id" },
    job_url: { type: 'string' },
  },
} as const;
