import { defineCommand } from '../../command.js';
import { parseDuration } from '../../options.js';

const REGULATIONS = 'eu-ai-act, gdpr, nist-ai-rmf, iso-42001';

export const complianceCommand = defineCommand({
  path: ['compliance'],
  description: `compliance score of a regulation (${REGULATIONS}), overall or for one agent, with the evidence behind each control`,
  examples: [
    'audit compliance eu-ai-act',
    'audit compliance gdpr support-bot',
    'audit compliance eu-ai-act --review-within 3d --json',
  ],
  args: ['<regulation>', '[agent]'],
  options: (cmd) =>
    cmd.option(
      '--review-within <duration>',
      'human oversight window: high/critical findings should be remediated or closed within this',
      '7d',
    ),
  async run(ctx, [regulationArg, agentArg], opts) {
    const { parseRegulation } = await import('../../../compliance/score/score.js');
    const { computeCompliance } = await import('../../../compliance/score/compute.js');
    const regulation = parseRegulation(regulationArg, 'regulation');
    const reviewMs = parseDuration(String(opts.reviewWithin ?? '7d'), '--review-within');
    const data = computeCompliance(ctx.app(), {
      regulation,
      agent: agentArg || null,
      now: ctx.now(),
      reviewWithinDays: reviewMs / 86_400_000,
    });
    const mark = { pass: '✓ pass', partial: '◐ partial', fail: '✗ fail' } as const;
    return {
      data,
      view: (ui) => {
        const paint = (status: 'pass' | 'partial' | 'fail', text: string): string =>
          status === 'pass'
            ? ui.colour.green(text)
            : status === 'partial'
              ? ui.colour.yellow(text)
              : ui.colour.red(text);
        const overall = data.score >= 80 ? 'pass' : data.score >= 50 ? 'partial' : 'fail';
        return [
          ui.fields([
            ['regulation', `${data.regulation_name} (${data.regulation})`],
            ['scope', data.agent ? `agent ${data.agent}` : `all agents (${data.agents.length})`],
            ['score', paint(overall, `${data.score.toFixed(1)} / 100`)],
            [
              'controls',
              `${data.counts.pass} pass, ${data.counts.partial} partial, ${data.counts.fail} fail`,
            ],
            [
              'period',
              data.period.from ? `${data.period.from} to ${data.period.to}` : 'no evidence',
            ],
            [
              'ledger',
              ui.status(
                data.ledger.ok,
                data.ledger.ok
                  ? `intact, size ${data.ledger.tree_size}`
                  : `BROKEN at seq ${data.ledger.first_bad_seq} (${data.ledger.reason})`,
              ),
            ],
          ]),
          '',
          ui.table(
            ['status', 'ref', 'control', 'wt', 'evidence'],
            data.controls.map((c) => [
              paint(c.status, mark[c.status]),
              c.ref,
              c.title,
              c.weight,
              evidenceText(c.summary, c.evidence.finding_ids, c.evidence.finding_count),
            ]),
          ),
          ...(data.agent === null && data.agents.length > 1
            ? [
                '',
                ui.table(
                  ['agent', 'score', 'pass', 'partial', 'fail'],
                  data.agents.map((a) => [a.agent, a.score.toFixed(1), a.pass, a.partial, a.fail]),
                ),
              ]
            : []),
        ].join('\n');
      },
    };
  },
});

/** The summary, wrapped to a readable width, with the first finding ids. */
function evidenceText(summary: string, ids: string[], count: number): string {
  const lines = wrap(summary, 70);
  if (ids.length > 0) {
    const shown = ids.slice(0, 3).join(', ');
    lines.push(`findings: ${shown}${count > 3 ? ` (+${count - 3})` : ''}`);
  }
  return lines.join('\n');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
