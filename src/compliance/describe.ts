import { controlById } from './controls.js';

export interface ControlDescription {
  id: string;
  regulation: string;
  ref: string;
  title: string;
  citation: string;
}

/**
 * Control ids (as stored on findings) with their regulation, reference, title and
 * citation from the CONTROLS table, in the given order. An id the table does not know
 * (a mapping from an older version, say) is kept, never dropped, as 'unknown control'.
 */
export function describeControls(ids: readonly string[]): ControlDescription[] {
  return ids.map((id) => {
    const c = controlById(id);
    if (c)
      return { id, regulation: c.regulation, ref: c.ref, title: c.title, citation: c.citation };
    const colon = id.indexOf(':');
    return {
      id,
      regulation: colon > 0 ? id.slice(0, colon) : 'unknown',
      ref: colon > 0 ? id.slice(colon + 1) : id,
      title: 'unknown control',
      citation: '',
    };
  });
}
