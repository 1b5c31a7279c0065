import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Store } from '../../../src/store/store.js';
import {
  dailySeries,
  FINDINGS_PER_DAY,
  TRACES_PER_DAY,
} from '../../../src/server/routes/overview/series.js';

/**
 * The overview's daily series must stay cheap on a big store: each day is answered from an
 * index alone (no table rows, no sort), so its cost is the window's index entries.
 */
describe("overview's daily series", () => {
  const dir = mkdtempSync(join(tmpdir(), 'evid-series-'));
  const store = new Store({ dataDir: dir, actor: 'test' });
  afterAll(() => {
    store.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const plan = (sql: string): string =>
    (
      store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ from: 'a', to: 'b' }) as Array<{
        detail: string;
      }>
    )
      .map((row) => row.detail)
      .join('\n');

  it('counts traces and events per day from the covering index traces_span', () => {
    const p = plan(TRACES_PER_DAY);
    expect(p).toMatch(
      /SEARCH traces USING COVERING INDEX traces_span \(first_event_at>\? AND first_event_at<\?\)/,
    );
    expect(p).not.toContain('TEMP B-TREE');
  });

  it('counts findings per day from the covering index findings_created', () => {
    const p = plan(FINDINGS_PER_DAY);
    expect(p).toMatch(/SEARCH findings USING COVERING INDEX findings_created/);
    expect(p).not.toContain('TEMP B-TREE');
  });

  it('answers one entry per day, oldest first, ending today', () => {
    const now = new Date('2026-03-10T15:00:00Z');
    const s = store.read((r) => dailySeries(r, now, 3));
    expect(s.days).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
    expect(s.traces).toEqual([0, 0, 0]);
    expect(s.events).toEqual([0, 0, 0]);
    expect(s.findings).toEqual([0, 0, 0]);
  });
});
