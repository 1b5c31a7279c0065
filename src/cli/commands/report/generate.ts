import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { optionalString, parseChoice, parseDuration } from '../../options.js';

const FORMATS = ['html', 'pdf'] as const;

export const reportCommand = defineCommand({
  writes: true,
  path: ['report'],
  description:
    'generate a compliance report (html or pdf) from the evidence store; stored under <data dir>/reports and ledgered',
  examples: [
    'audit report --regulation eu-ai-act --format pdf -o eu-ai-act.pdf',
    'audit report --regulation gdpr --format html -o reports/',
    'audit report --regulation eu-ai-act --agent support-bot --json',
  ],
  options: (cmd) =>
    cmd
      .option('--regulation <id>', 'eu-ai-act, gdpr, nist-ai-rmf or iso-42001 (required)')
      .option('--format <format>', `report format (${FORMATS.join(', ')})`, 'html')
      .option(
        '-o, --output <path>',
        'also write the report here (a file, or an existing directory)',
      )
      .option('--agent <name>', 'only this agent (default: every agent)')
      .option(
        '--review-within <duration>',
        'human oversight window: high/critical findings should be remediated or closed within this',
        '7d',
      ),
  async run(ctx, _args, opts) {
    const { parseRegulation } = await import('../../../compliance/score/score.js');
    const regulationArg = optionalString(opts.regulation);
    if (regulationArg === undefined) {
      throw new UsageError(
        '--regulation is required: one of eu-ai-act, gdpr, nist-ai-rmf, iso-42001',
      );
    }
    const regulation = parseRegulation(regulationArg, '--regulation');
    const format = parseChoice(optionalString(opts.format) ?? 'html', '--format', FORMATS)!;
    const reviewMs = parseDuration(String(opts.reviewWithin ?? '7d'), '--review-within');
    const { generateReport } = await import('../../../reports/generate.js');
    const app = ctx.app();
    const report = await generateReport(app, {
      regulation,
      format,
      agent: optionalString(opts.agent) ?? null,
      output: optionalString(opts.output),
      reviewWithinDays: reviewMs / 86_400_000,
    });
    return {
      data: report,
      notes: [`report ${report.report_id} ledgered as report.generated`],
      view: (ui) =>
        ui.fields([
          ['report', report.report_id],
          ['regulation', report.regulation],
          ['scope', report.agent ? `agent ${report.agent}` : 'all agents'],
          ['format', report.format],
          ['score', report.score === null ? '-' : `${report.score.toFixed(1)} / 100`],
          ['stored', report.path],
          ['written to', report.output],
          ['sha256', report.sha256],
          ['size', `${report.size_bytes} bytes`],
        ]),
    };
  },
});
