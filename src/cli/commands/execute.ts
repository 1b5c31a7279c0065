import { readFile } from 'node:fs/promises';
import { CheckFailed, NotFoundError, ValidationError } from '../../errors.js';
import { defineCommand } from '../command.js';

async function readInput(value: string): Promise<unknown> {
  let text = value;
  if (value.startsWith('@')) {
    try {
      text = await readFile(value.slice(1), 'utf8');
    } catch {
      throw new NotFoundError(`file not found: ${value.slice(1)}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ValidationError(`--input: not valid JSON (${(err as Error).message})`, {
      field: 'input',
    });
  }
}

export const executeCommand = defineCommand({
  writes: true,
  path: ['execute'],
  description:
    'run a registered workflow in this process, recording it as a trace; prints status, result and metrics',
  examples: [
    'evid execute support-triage --input \'{"question": "Where is my order?"}\'',
    'evid execute support-triage --input @question.json --agents classifier,writer --wait',
  ],
  args: ['<workflow>'],
  options: (cmd) =>
    cmd
      .requiredOption('--input <json>', 'input object as JSON, or @file')
      .option('--agents <names>', "agents to use instead of the steps' own (comma separated)")
      .option(
        '--wait',
        'exit non-zero unless the execution succeeded (1 failed, blocked or cancelled)',
      ),
  async run(ctx, [workflow], opts) {
    const input = await readInput(String(opts.input));
    const agents =
      typeof opts.agents === 'string'
        ? opts.agents
            .split(',')
            .map((a) => a.trim())
            .filter((a) => a !== '')
        : undefined;
    const { startRun } = await import('../../workflows/runner.js');
    const app = ctx.app();
    const handle = startRun(app.store, { workflow: workflow!, input, agents }, app.config.actor);
    // Ctrl-C cancels like the REST cancel: the agent's processes end, the end is recorded.
    const { requestCancel } = await import('../../workflows/executions.js');
    const onSignal = (): void => {
      try {
        requestCancel(app.store, handle.execution_id, app.config.actor);
      } catch {
        // already finished
      }
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const data = await handle.done;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    const failed = opts.wait === true && data.status !== 'succeeded';
    return {
      data,
      ...(failed
        ? {
            failure: new CheckFailed(
              `execution ${data.execution_id} ${data.status}: ${data.error ?? ''}`,
            ),
          }
        : {}),
      view: (ui) =>
        [
          `${ui.status(data.status === 'succeeded', data.status)} execution ${data.execution_id} (trace ${data.trace_id ?? '-'})`,
          ...(data.error ? [`error: ${data.error}`] : []),
          `result: ${JSON.stringify(data.result)}`,
          `metrics: ${JSON.stringify(data.metrics)}`,
        ].join('\n'),
    };
  },
});
