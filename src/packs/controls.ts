/**
 * `--include-controls`: the control mappings of the included findings, grouped by control.
 * The ids come from each finding's committed `controls` column (so they are proven with the
 * finding); titles and frameworks are looked up in the control catalogue for readers.
 */
import { controlById, REGULATION_NAMES } from '../compliance/controls.js';
import type { Reader } from '../store/store.js';
import { byIds, type RefKind } from './select.js';

export interface ControlMapping {
  control_id: string;
  /** e.g. `EU AI Act (Regulation (EU) 2024/1689)`; null for an id the catalogue lacks. */
  regulation: string | null;
  /** e.g. `Art. 15(5)`. */
  ref: string | null;
  title: string | null;
  finding_count: number;
  finding_ids: string[];
}

export function collectControls(r: Reader, params: Record<RefKind, string>): ControlMapping[] {
  const byId = new Map<string, string[]>();
  const rows = r
    .prepare(
      `SELECT f.finding_id, f.controls FROM ${byIds('findings', 'f', 'findings')} ORDER BY sel.key`,
    )
    .iterate(params) as IterableIterator<{ finding_id: string; controls: string }>;
  for (const row of rows) {
    for (const id of parseIds(row.controls)) {
      let list = byId.get(id);
      if (!list) byId.set(id, (list = []));
      list.push(row.finding_id);
    }
  }
  return [...byId.keys()].sort().map((id) => {
    const control = controlById(id);
    const findingIds = byId.get(id)!;
    return {
      control_id: id,
      regulation: control ? REGULATION_NAMES[control.regulation] : null,
      ref: control?.ref ?? null,
      title: control?.title ?? null,
      finding_count: findingIds.length,
      finding_ids: findingIds,
    };
  });
}

function parseIds(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
