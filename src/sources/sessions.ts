import { ValidationError } from '../errors.js';
import type { SessionInput } from '../ingest/append.js';

/**
 * What a webhook delivery or a log line carries, as sessions for `appendSessions`:
 *   - a trace: an object with an `events` array, plus session_id, agent, framework
 *     (its other fields become the trace's attributes);
 *   - one event: an event object that also carries session_id and agent (and optionally
 *     framework); its other fields are the event's, extra ones becoming its attributes.
 * An event without an `event_id` gets one from `idFor(i)` (i: its index in the piece), an
 * id the receiver derives from what it received, so receiving the same thing twice adds
 * nothing (appendSessions skips stored event ids).
 */
export function sessionOf(
  value: unknown,
  label: string,
  idFor: (i: number) => string,
): SessionInput {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(`${label}: must be a JSON object (a trace or an event)`, {
      field: label,
    });
  }
  const { session_id, agent, framework, events, ...rest } = value as Record<string, unknown>;
  const head = {
    session_id: session_id as string,
    agent: agent as string,
    ...(framework !== undefined ? { framework: framework as string | null } : {}),
  };
  if (Array.isArray(events)) {
    return { ...head, attributes: rest, events: events.map((e, i) => withId(e, idFor, i)) };
  }
  if (events !== undefined) {
    throw new ValidationError(`${label}.events: must be an array of events`, {
      field: `${label}.events`,
    });
  }
  return { ...head, events: [withId(rest, idFor, 0)] };
}

function withId(event: unknown, idFor: (i: number) => string, i: number): unknown {
  if (event === null || typeof event !== 'object' || Array.isArray(event)) return event;
  const e = event as Record<string, unknown>;
  return e.event_id === undefined ? { event_id: idFor(i), ...e } : e;
}

/**
 * Merges consecutive pieces of the same session (and agent) into one SessionInput each, in
 * order of first appearance, so a batch of a thousand lines of ten sessions is ten sessions,
 * not a thousand. An event id already in a group starts a new group for it: appendSessions
 * then counts the repeat as a duplicate instead of refusing the whole group.
 */
export function groupSessions(pieces: readonly SessionInput[]): SessionInput[] {
  const out: SessionInput[] = [];
  const open = new Map<string, { session: SessionInput; ids: Set<unknown> }>();
  for (const piece of pieces) {
    const key = JSON.stringify([piece.session_id, piece.agent, piece.framework ?? null]);
    let group = open.get(key);
    const ids = piece.events.map((e) => (e as { event_id?: unknown } | null)?.event_id);
    if (group && ids.some((id) => id !== undefined && group!.ids.has(id))) group = undefined;
    // A trace piece with its own attributes starts its own session entry (they apply to it).
    if (group && piece.attributes && Object.keys(piece.attributes).length > 0) group = undefined;
    if (!group) {
      group = { session: { ...piece, events: [] }, ids: new Set() };
      open.set(key, group);
      out.push(group.session);
    }
    group.session.events.push(...piece.events);
    for (const id of ids) if (id !== undefined) group.ids.add(id);
  }
  return out;
}
