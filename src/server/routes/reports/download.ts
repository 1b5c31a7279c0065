import { createReadStream, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { ConflictError, NotFoundError, ValidationError } from '../../../errors.js';
import { defineRoute, errorAnswer } from '../../route.js';

/** A plain file name: no separators, no `..`, no leading dot, nothing absolute. */
const FILENAME = '^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$';
const plain = new RegExp(FILENAME);

/**
 * Resolves a report's file strictly inside `<data dir>/reports`: the name must be plain,
 * be the filename of a recorded report, and its real path (symlinks resolved) must sit in
 * the real reports directory. Anything else never reaches the file system read.
 */
function reportFile(dataDir: string, reportsDir: string, filename: string): string {
  if (!plain.test(filename) || filename.includes('..')) {
    throw new ValidationError('filename: must be a plain report file name (no paths)', {
      field: 'filename',
    });
  }
  let root: string;
  let real: string;
  try {
    root = realpathSync(join(dataDir, reportsDir));
    real = realpathSync(join(root, filename));
  } catch {
    throw new NotFoundError(`report file ${filename} not found`, { filename });
  }
  if (!real.startsWith(root + sep))
    throw new NotFoundError(`report file ${filename} not found`, { filename });
  return real;
}

export const reportsDownloadRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/reports/:filename/download',
  summary: 'download a generated report by filename (html or pdf)',
  tag: 'reports',
  auth: 'read',
  schema: {
    params: {
      type: 'object',
      required: ['filename'],
      properties: { filename: { type: 'string', minLength: 1, maxLength: 255 } },
    },
    response: {
      200: { type: 'string', format: 'binary', description: 'the report file' },
      404: errorAnswer('no report with this filename, or its file is gone'),
      409: errorAnswer('the report is not done (queued, running or failed)'),
    },
  },
  docs: { produces: 'text/html or application/pdf' },
  async handler(req, reply, ctx) {
    const { getReport, REPORTS_DIR } = await import('../../../reports/report-store.js');
    const { filename } = req.params as { filename: string };
    if (!plain.test(filename) || filename.includes('..')) {
      throw new ValidationError('filename: must be a plain report file name (no paths)', {
        field: 'filename',
      });
    }
    const row = ctx.store.read((r) => getReport(r, filename));
    if (row.filename !== filename)
      throw new NotFoundError(`report file ${filename} not found`, { filename });
    if (row.status !== 'done') {
      throw new ConflictError(
        `report ${row.report_id} is ${row.status}, not done${row.error ? `: ${row.error}` : ''}`,
        {
          report_id: row.report_id,
        },
      );
    }
    const path = reportFile(ctx.store.dataDir, REPORTS_DIR, row.filename);
    return reply
      .type(row.format === 'pdf' ? 'application/pdf' : 'text/html; charset=utf-8')
      .header('content-length', statSync(path).size)
      .header('content-disposition', `attachment; filename="${row.filename}"`)
      .header('x-content-sha256', row.sha256 ?? '')
      .send(createReadStream(path));
  },
});
