import { FINDING_STATUSES, listFindings, SEVERITY_ORDER } from '../../../store/findings.js';
import { defineCommand } from '../../command.js';
import {
  optionalString,
  parseChoice,
  parseLimit,
  parseOffset,
  parseTimeBound,
} from '../../options.js';

export const findingsListCommand = defineCommand({
  path: ['findings', 'list'],
  description: 'list findings, newest first',
  examples: [
    'evid findings list --severity critical --status open',
    'evid findings list --type secret --since 7d',
    'evid findings list --agent support-bot --json',
  ],
  options: (cmd) =>
    cmd
      .option('--severity <level>', `only this severity (${SEVERITY_ORDER.join(', ')})`)
      .option('--type <type>', 'only this finding type (pii.email) or category (pii)')
      .option('--status <status>', `only this status (${FINDING_STATUSES.join(', ')})`)
      .option('--agent <name>', 'only findings of this agent')
      .option('--trace <id>', 'only findings of this trace (trace_id or session_id)')
      .option('--since <when>', 'created at or after (ISO 8601 or a duration like 7d)')
      .option('--until <when>', 'created at or before (ISO 8601 or a duration)')
      .option('--limit <n>', 'at most n findings (1-1000)', '50')
      .option('--offset <n>', 'skip the first n findings', '0'),
  run(ctx, _args, opts) {
    const now = ctx.now();
    const filter = {
      severity: parseChoice(optionalString(opts.severity), '--severity', SEVERITY_ORDER),
      status: parseChoice(optionalString(opts.status), '--status', FINDING_STATUSES),
      type: optionalString(opts.type),
      agent: optionalString(opts.agent),
      trace: optionalString(opts.trace),
      since:
        opts.since === undefined ? undefined : parseTimeBound(String(opts.since), '--since', now),
      until:
        opts.until === undefined ? undefined : parseTimeBound(String(opts.until), '--until', now),
      limit: parseLimit(opts.limit as string | undefined),
      offset: parseOffset(opts.offset as string | undefined),
    };
    const data = ctx.app().store.read((r) => listFindings(r, filter));
    return {
      data,
      notes: [`${data.findings.length} of ${data.total} findings`],
      view: (ui) =>
        data.findings.length === 0
          ? 'no findings match'
          : ui.table(
              [
                'id',
                'severity',
                'type',
                'status',
                'score',
                'agent',
                'trace_id',
                'created',
                'excerpt',
              ],
              data.findings.map((f) => [
                f.id,
                ui.severity(f.severity),
                f.type,
                f.status,
                f.score.toFixed(2),
                f.agent,
                f.trace_id,
                f.created_at,
                clip(f.excerpt),
              ]),
            ),
    };
  },
});

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
}
