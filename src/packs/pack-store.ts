/** The packs table: one row per built pack, written with its `pack.built` ledger entry. */
import { ConflictError, NotFoundError } from '../errors.js';
import { packRecord, type PackRecordFields } from '../store/records.js';
import type { Reader, Transactor } from '../store/store.js';

export interface PackRow extends PackRecordFields {
  id: number;
}

/** The listing shape (`audit evidence list --json`, REST): filters parsed, no row id. */
export interface PackListItem extends Omit<PackRecordFields, 'filters'> {
  filters: Record<string, unknown>;
}

export function insertPack(tx: Transactor, fields: PackRecordFields): void {
  // Checked before building too; this catches two builds racing for one --pack-id.
  if (packExists(tx, fields.pack_id)) {
    throw new ConflictError(`pack ${fields.pack_id} already exists`, { pack_id: fields.pack_id });
  }
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO packs (pack_id, created_at, format, filters, tree_size, root_hash, path, sha256,
         manifest_sha256, size_bytes, trace_count, event_count, finding_count, finding_update_count, actor)
       VALUES (@pack_id, @created_at, @format, @filters, @tree_size, @root_hash, @path, @sha256,
         @manifest_sha256, @size_bytes, @trace_count, @event_count, @finding_count, @finding_update_count, @actor)`,
    )
    .run(fields);
  tx.ledger.append(
    'pack.built',
    fields.pack_id,
    Number(lastInsertRowid),
    packRecord(fields),
    fields.created_at,
  );
}

export function packExists(r: Reader, packId: string): boolean {
  return r.prepare('SELECT 1 FROM packs WHERE pack_id = ?').get(packId) !== undefined;
}

function toItem(row: PackRow): PackListItem {
  const { id: _id, filters, ...rest } = row;
  return { ...rest, filters: JSON.parse(filters) as Record<string, unknown> };
}

/** Newest first. */
export function listPacks(
  r: Reader,
  limit: number,
  offset: number,
): { packs: PackListItem[]; total: number } {
  const rows = r
    .prepare('SELECT * FROM packs ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?')
    .all(limit, offset) as PackRow[];
  const { total } = r.prepare('SELECT COUNT(*) AS total FROM packs').get() as { total: number };
  return { packs: rows.map(toItem), total };
}

export function getPack(r: Reader, packId: string): PackRow {
  const row = r.prepare('SELECT * FROM packs WHERE pack_id = ?').get(packId) as PackRow | undefined;
  if (!row) throw new NotFoundError(`pack ${packId} not found`, { pack_id: packId });
  return row;
}

export function findPack(r: Reader, packId: string): PackRow | undefined {
  return r.prepare('SELECT * FROM packs WHERE pack_id = ?').get(packId) as PackRow | undefined;
}

export function latestPack(r: Reader): PackRow {
  const row = r.prepare('SELECT * FROM packs ORDER BY created_at DESC, id DESC LIMIT 1').get() as
    PackRow | undefined;
  if (!row) {
    throw new NotFoundError(
      'no evidence packs in the store yet; build one with `audit evidence build`',
    );
  }
  return row;
}

/** The ledger digest check for one pack row (its `pack.built` entry), for pack verify. */
export function packLedgerDigest(r: Reader, row: PackRow): string | undefined {
  const entry = r
    .prepare("SELECT digest FROM ledger WHERE kind = 'pack.built' AND subject_ref = ?")
    .get(row.id) as { digest: string } | undefined;
  return entry?.digest;
}
