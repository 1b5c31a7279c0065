import { listTraces } from '../../../store/traces.js';
import { defineCommand } from '../../command.js';
import { optionalString, parseLimit, parseOffset, parseTimeBound } from '../../options.js';

export const tracesListCommand = defineCommand({
  path: ['traces', 'list'],
  description: 'list traces, newest first',
  examples: [
    'evid traces list',
    'evid traces list --agent support-bot --since 7d --limit 20',
    'evid traces list --session sess_42 --json',
    'evid traces list --search "refund" --since 7d',
  ],
  options: (cmd) =>
    cmd
      .option('--session <id>', 'only the trace of this session_id')
      .option('--agent <name>', 'only traces of this agent')
      .option('--framework <name>', 'only traces from this agent framework')
      .option('--type <type>', 'only traces containing an event of this type')
      .option(
        '--search <text>',
        'only traces whose id, session or agent contains the text, or with an event whose prompt or completion does',
      )
      .option(
        '--since <when>',
        'traces with events at or after this time (ISO 8601 or a duration like 7d)',
      )
      .option(
        '--until <when>',
        'traces with events at or before this time (ISO 8601 or a duration)',
      )
      .option('--limit <n>', 'at most n traces (1-1000)', '50')
      .option('--offset <n>', 'skip the first n traces', '0'),
  run(ctx, _args, opts) {
    const now = ctx.now();
    const filter = {
      session: optionalString(opts.session),
      agent: optionalString(opts.agent),
      framework: optionalString(opts.framework),
      type: optionalString(opts.type),
      search: optionalString(opts.search),
      since:
        opts.since === undefined ? undefined : parseTimeBound(String(opts.since), '--since', now),
      until:
        opts.until === undefined ? undefined : parseTimeBound(String(opts.until), '--until', now),
      limit: parseLimit(opts.limit as string | undefined),
      offset: parseOffset(opts.offset as string | undefined),
    };
    const store = ctx.app().store;
    const data = store.read((r) => listTraces(r, filter));
    return {
      data,
      notes: [`${data.traces.length} of ${data.total} traces`],
      view: (ui) =>
        data.traces.length === 0
          ? 'no traces match'
          : ui.table(
              ['trace_id', 'session_id', 'agent', 'framework', 'events', 'first event', 'status'],
              data.traces.map((t) => [
                t.trace_id,
                t.session_id,
                t.agent,
                t.framework,
                t.event_count,
                t.first_event_at,
                t.status,
              ]),
            ),
    };
  },
});
