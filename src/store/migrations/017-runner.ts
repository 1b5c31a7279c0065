/**
 * Which process owns a job row while it is queued or running (docs/server.md "Jobs",
 * "Interrupted work"): `host:pid:start` (src/store/runner.ts), so that a server starting on
 * the same host can tell a row whose process died (kill -9, OOM, a container restart) from
 * one still being worked on, and end it `failed` as its kind's normal failure ends.
 * Operational, not evidence: no ledger record names it (like a running row's status), and
 * recovery never touches a row that is finished or already has its end ledgered.
 * Rows written before this migration have none and are left as they are.
 */
export const up = `
ALTER TABLE reports ADD COLUMN runner TEXT;
ALTER TABLE safety_runs ADD COLUMN runner TEXT;
ALTER TABLE executions ADD COLUMN runner TEXT;
`;
