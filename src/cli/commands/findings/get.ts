import { getFinding } from '../../../store/findings.js';
import { defineCommand } from '../../command.js';

export const findingsGetCommand = defineCommand({
  path: ['findings', 'get'],
  description:
    'full finding detail: timestamps, evidence context, remediation history, control mappings',
  examples: [
    'evid findings get fd_01JD2Y7Q0000000000000000',
    'evid findings get fd_01JD2Y7Q0000000000000000 --json',
  ],
  args: ['<id>'],
  async run(ctx, [id]) {
    const { describeControls } = await import('../../../compliance/describe.js');
    const finding = ctx.app().store.read((r) => getFinding(r, id!));
    const data = { ...finding, controls: describeControls(finding.controls) };
    return {
      data,
      view: (ui) =>
        [
          ui.fields([
            ['id', data.id],
            ['type', data.type],
            ['severity', ui.severity(data.severity)],
            ['status', data.status],
            ['score', data.score.toFixed(2)],
            ['detector', data.detector],
            ['agent', data.agent],
            ['trace', `${data.trace_id ?? '-'} (${data.session_id ?? '-'})`],
            [
              'event',
              data.event ? `${data.event_id} ${data.event.type} at ${data.event.timestamp}` : '-',
            ],
            ['field', `${data.field} [${data.start}, ${data.end})`],
            ['match', data.match_masked],
            ['excerpt', data.excerpt],
            ['created', data.created_at],
            ['updated', data.updated_at],
          ]),
          '',
          'Control mappings:',
          ui.table(
            ['control', 'regulation', 'reference', 'title'],
            data.controls.map((c) => [c.id, c.regulation, c.ref, c.title]),
          ),
          '',
          'History:',
          data.history.length === 0
            ? '  (no status changes)'
            : ui.table(
                ['at', 'from', 'to', 'actor', 'comment'],
                data.history.map((h) => [h.at, h.from_status, h.to_status, h.actor, h.comment]),
              ),
        ].join('\n'),
    };
  },
});
