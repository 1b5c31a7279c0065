import type { Reader, Transactor } from '../../store/store.js';

/**
 * Where a log source has read to, per file (`source_offsets`, migration 009). Written only
 * inside the transaction that stores the events read up to it (appendSessions' `within`),
 * so after any stop, kill -9 included, reading resumes exactly after the last committed
 * line. A row follows its file by `file_id` (dev:inode), whatever its name now.
 */
export interface StoredOffset {
  file: string;
  file_id: string;
  offset: number;
}

export function loadOffsets(r: Reader, sourceId: string): StoredOffset[] {
  return r
    .prepare('SELECT file, file_id, offset FROM source_offsets WHERE source_id = ? ORDER BY file')
    .all(sourceId) as StoredOffset[];
}

export function saveOffset(tx: Transactor, sourceId: string, at: StoredOffset): void {
  // The file may have been seen under another name before (renamed by rotation).
  tx.prepare('DELETE FROM source_offsets WHERE source_id = ? AND file_id = ? AND file <> ?').run(
    sourceId,
    at.file_id,
    at.file,
  );
  tx.prepare(
    `INSERT INTO source_offsets (source_id, file, file_id, offset, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (source_id, file) DO UPDATE SET file_id = excluded.file_id,
       offset = excluded.offset, updated_at = excluded.updated_at`,
  ).run(sourceId, at.file, at.file_id, at.offset, tx.now());
}

/** A file finished and closed (rotated away and drained): nothing to resume. */
export function forgetOffset(tx: Transactor, sourceId: string, fileId: string): void {
  tx.prepare('DELETE FROM source_offsets WHERE source_id = ? AND file_id = ?').run(
    sourceId,
    fileId,
  );
}

/** Bad lines, counted in the same transaction as the offset that moves past them. */
export function countBadLines(tx: Transactor, sourceId: string, n: number, last: string): void {
  tx.prepare(
    `UPDATE sources SET error_count = error_count + ?, last_error = ?, last_error_at = ?,
       status = 'error' WHERE source_id = ?`,
  ).run(n, last.slice(0, 500), tx.now(), sourceId);
}
