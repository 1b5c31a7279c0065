import { getTrace } from '../../../store/traces.js';
import { defineCommand } from '../../command.js';

export const tracesGetCommand = defineCommand({
  path: ['traces', 'get'],
  description: 'full trace detail: events, findings, status (by trace_id or session_id)',
  examples: ['evid traces get tr_01JD2Y7Q0000000000000000', 'evid traces get sess_42 --json'],
  args: ['<id>'],
  run(ctx, [id]) {
    const data = ctx.app().store.read((r) => getTrace(r, id!));
    // A finding's event as its `#` in the events table above: a full event_id is 35 columns.
    const position = new Map(data.events.map((e) => [e.event_id, e.position]));
    const eventOf = (eventId: string | null): string => {
      const at = eventId === null ? undefined : position.get(eventId);
      return at === undefined ? '-' : `#${at}`;
    };
    return {
      data,
      view: (ui) =>
        [
          ui.fields([
            ['trace_id', data.trace_id],
            ['session_id', data.session_id],
            ['agent', data.agent],
            ['framework', data.framework],
            ['source', data.source],
            ['status', data.status],
            ['events', data.event_count],
            ['first event', data.first_event_at],
            ['last event', data.last_event_at],
            ['findings', data.findings.length],
          ]),
          '',
          ui.table(
            ['#', 'event_id', 'type', 'model', 'tokens in/out', 'timestamp', 'prompt'],
            data.events.map((e) => [
              e.position,
              e.event_id,
              e.type,
              e.model,
              `${e.tokens_prompt ?? '-'}/${e.tokens_completion ?? '-'}`,
              e.timestamp,
              e.purged ? '(purged)' : clip(e.prompt),
            ]),
          ),
          '',
          'Findings:',
          // The columns of `findings list`, less the trace and agent this view already shows.
          data.findings.length === 0
            ? '  (none)'
            : ui.table(
                ['id', 'severity', 'type', 'status', 'detector', 'event', 'excerpt'],
                data.findings.map((f) => [
                  f.id,
                  ui.severity(f.severity),
                  f.type,
                  f.status,
                  f.detector,
                  eventOf(f.event_id),
                  clip(f.excerpt, 40),
                ]),
              ),
        ].join('\n'),
    };
  },
});

function clip(text: string | null, width = 48): string {
  if (!text) return '-';
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}
