import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPORT_KINDS, KIND_SPECS } from '../../../src/export/columns.js';
import { openDatabase } from '../../../src/store/open.js';

const dir = mkdtempSync(join(tmpdir(), 'evid-export-cols-'));
const db = openDatabase(dir);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('export schema', () => {
  // Writers take rows as arrays (SQLite raw mode), so the SELECT list must match the
  // declared columns name for name, in order.
  it.each(EXPORT_KINDS)('%s: the SQL selects exactly the declared columns, in order', (kind) => {
    const spec = KIND_SPECS[kind];
    const selected = db
      .prepare(spec.sql)
      .columns()
      .map((c) => c.name);
    expect(selected).toEqual(spec.columns.map((c) => c.name));
  });
});
