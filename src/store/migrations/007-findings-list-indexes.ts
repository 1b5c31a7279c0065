/**
 * `findings list` (CLI and GET /api/v1/findings) filters by status, severity or agent and
 * pages newest first. Without an index that also orders by time, SQLite took the
 * (status, severity) index and sorted every matching finding: 555 ms for `status=open` on
 * 100k findings, 2-7 ms with these (measured for docs/server.md).
 */
export const up = `
CREATE INDEX findings_status_created ON findings(status, created_at);
CREATE INDEX findings_severity_created ON findings(severity, created_at);
CREATE INDEX findings_agent_created ON findings(agent, created_at);
`;
