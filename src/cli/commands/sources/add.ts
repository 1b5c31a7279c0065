import { resolve } from 'node:path';
import { UsageError, ValidationError } from '../../../errors.js';
import type { SourceInput } from '../../../sources/manage.js';
import { SOURCE_TYPES, type SourceType } from '../../../sources/types.js';
import { defineCommand } from '../../command.js';
import { optionalString } from '../../options.js';
import { serverUrl } from './server-url.js';

/** CLI flags for the type options (sources.options), as errors name them. */
const FLAG: Record<string, string> = {
  format: '--format',
  fail_closed: '--fail-closed',
  timeout_ms: '--timeout',
};

/** The flags as a SourceInput; pure, throws UsageError/ValidationError naming the flag. */
export async function parseAddOptions(
  opts: Record<string, unknown>,
  cwd: string,
): Promise<SourceInput & { type: SourceType }> {
  const type = optionalString(opts.type);
  if (type === undefined) throw new UsageError(`--type: is required (${SOURCE_TYPES.join(', ')})`);
  if (!(SOURCE_TYPES as readonly string[]).includes(type)) {
    throw new UsageError(`--type: must be one of ${SOURCE_TYPES.join(', ')} (got "${type}")`);
  }
  const name = optionalString(opts.name);
  if (name === undefined)
    throw new UsageError('--name: is required (what the source is, e.g. prod-otel)');
  let endpoint = optionalString(opts.endpoint);
  // A log file is read by `evid serve`, wherever it runs: make a relative path absolute here.
  if (endpoint !== undefined && type === 'logfile') endpoint = resolve(cwd, endpoint);
  let timeout: number | undefined;
  if (opts.timeout !== undefined) {
    timeout = /^\d+$/.test(String(opts.timeout)) ? Number(opts.timeout) : NaN;
    if (Number.isNaN(timeout))
      throw new UsageError(
        `--timeout: expected milliseconds, a whole number (got "${String(opts.timeout)}")`,
      );
  }
  const options = {
    format: opts.format,
    fail_closed: opts.failClosed === true ? true : undefined,
    timeout_ms: timeout,
  };
  const { sourceOptions } = await import('../../../sources/options.js');
  return {
    type: type as SourceType,
    name,
    endpoint,
    options: sourceOptions(type as SourceType, options, (k) => FLAG[k] ?? k),
  };
}

export const sourcesAddCommand = defineCommand({
  writes: true,
  path: ['sources', 'add'],
  description:
    'add a source of live evidence (otel, webhook, logfile, gateway); ledgered. Its token or webhook secret is shown once',
  examples: [
    'evid sources add --type otel --name prod-agents',
    'evid sources add --type webhook --name ticketing --json | jq -r .credential.value',
    'evid sources add --type logfile --name worker --endpoint "/var/log/agent/*.jsonl"',
    `evid sources add --type logfile --name legacy --endpoint /var/log/bot.log --format '{"session":"ctx.sid","agent":"svc","type":"kind","timestamp":"ts","prompt":"in","completion":"out"}'`,
    'evid sources add --type gateway --name openai --endpoint https://api.openai.com/v1 --timeout 60000',
  ],
  options: (cmd) =>
    cmd
      .option('--type <type>', `${SOURCE_TYPES.join(', ')}`)
      .option('--name <name>', 'a unique name for people (e.g. prod-otel)')
      .option(
        '--endpoint <endpoint>',
        'logfile: the path or glob to tail; gateway: the upstream base URL; otel/webhook: a free label',
      )
      .option(
        '--format <format>',
        'logfile: ndjson (default), or a JSON object mapping event fields to dotted paths in each line',
      )
      .option(
        '--fail-closed',
        'gateway: refuse a call (503) when it cannot be recorded, instead of passing it on',
      )
      .option('--timeout <ms>', 'gateway: the upstream timeout in milliseconds')
      .option(
        '--url <url>',
        "the server's base URL as clients reach it (default http://$EVID_API_HOST:$EVID_API_PORT)",
      ),
  async run(ctx, _args, opts) {
    const input = await parseAddOptions(opts, process.cwd());
    const base = serverUrl(opts.url, ctx.app().config);
    const { createSource } = await import('../../../sources/create.js');
    const app = ctx.app();
    const data = withFlagNames(() =>
      app.store.transact((tx) => createSource(tx, app.config.dataDir, input, base)),
    );
    const what = data.credential?.kind === 'webhook_secret' ? 'secret' : 'token';
    return {
      data,
      notes: data.credential
        ? [
            `the ${what} is shown once and will not be shown again: store it now${
              what === 'token' ? ' (only its SHA-256 is kept)' : ''
            }`,
          ]
        : [
            `evid serve tails ${data.connect.path ?? ''} from now on (sources test ${data.source.source_id} checks it)`,
          ],
      view: (ui) =>
        ui.fields([
          ['source', data.source.source_id],
          ['type', data.source.type],
          ['name', data.source.name],
          ['endpoint', data.source.endpoint],
          ...(data.credential ? [[what, data.credential.value] as [string, unknown]] : []),
          ...(data.connect.url ? [['send to', data.connect.url] as [string, unknown]] : []),
          ...(data.connect.header ? [['header', data.connect.header] as [string, unknown]] : []),
        ]),
    };
  },
});

/**
 * The domain names a bad field as the REST body does (`endpoint: ...`); on the command line
 * the same value came from a flag, so the message names the flag (`--endpoint: ...`).
 */
function withFlagNames<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const field = err.details?.field;
    if (typeof field === 'string' && err.message.startsWith(`${field}:`)) {
      throw new ValidationError(`--${err.message}`, err.details, { cause: err });
    }
    throw err;
  }
}
