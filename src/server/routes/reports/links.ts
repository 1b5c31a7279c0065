import type { ReportRow } from '../../../reports/report-store.js';

/** A report row as REST shows it: with where to poll and, once done, where to download. */
export function withLinks(
  row: ReportRow,
): ReportRow & { status_url: string; download_url: string | null } {
  return {
    ...row,
    status_url: `/api/v1/reports/${row.report_id}`,
    download_url: row.status === 'done' ? `/api/v1/reports/${row.filename}/download` : null,
  };
}
