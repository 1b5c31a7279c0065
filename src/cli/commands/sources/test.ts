import { CheckFailed } from '../../../errors.js';
import type { TestCredential } from '../../../sources/test-source.js';
import { defineCommand } from '../../command.js';
import { optionalString } from '../../options.js';
import { serverUrl } from './server-url.js';

/** --token, else EVID_SOURCE_TOKEN, else EVID_API_KEY (said so in the result). */
export function testCredential(
  flag: unknown,
  env: NodeJS.ProcessEnv,
  apiKey: string | undefined,
): TestCredential {
  const token = optionalString(flag) ?? optionalString(env.EVID_SOURCE_TOKEN);
  if (token !== undefined) return { kind: 'source token', value: token };
  return apiKey === undefined ? undefined : { kind: 'EVID_API_KEY', value: apiKey };
}

export const sourcesTestCommand = defineCommand({
  path: ['sources', 'test'],
  description:
    'send a small sample through the running receiver as a dry run (nothing stored) and show latency, authentication and the event it maps to; a log file is checked on disk. Exit 1 when it fails',
  examples: [
    'evid sources test src_01JD2Y7Q0000000000000000 --token "$EVID_SOURCE_TOKEN"',
    'EVID_API_KEY=... evid sources test src_01JD2Y7Q0000000000000000 --url http://evid.internal:8080',
  ],
  args: ['<id>'],
  options: (cmd) =>
    cmd
      .option('--url <url>', "the server's base URL (default http://$EVID_API_HOST:$EVID_API_PORT)")
      .option(
        '--token <token>',
        "otel/gateway: the source's token (default $EVID_SOURCE_TOKEN, else $EVID_API_KEY)",
      ),
  async run(ctx, [id], opts) {
    const app = ctx.app();
    const { testSource } = await import('../../../sources/test-source.js');
    const data = await testSource(app.store, id!, {
      dataDir: app.config.dataDir,
      baseUrl: serverUrl(opts.url, app.config),
      credential: testCredential(opts.token, ctx.io.env, app.config.apiKey),
      now: ctx.now,
    });
    return {
      data,
      ...(data.ok ? {} : { failure: new CheckFailed(`source test failed: ${data.reason ?? ''}`) }),
      view: (ui) =>
        ui.fields([
          ['result', ui.status(data.ok, data.ok ? 'passed' : 'FAILED')],
          ...(data.reason ? [['why', data.reason] as [string, unknown]] : []),
          ['source', `${data.source_id} (${data.type}, ${data.name})`],
          [data.type === 'logfile' ? 'path' : 'url', data.target],
          ...(data.files ? [['files', data.files.join(', ')] as [string, unknown]] : []),
          ...(data.type === 'logfile'
            ? []
            : ([
                ['credential', data.credential],
                ['http status', data.http_status],
                ['latency', data.latency_ms === null ? null : `${data.latency_ms} ms`],
                [
                  'authenticated',
                  data.authenticated === null ? null : data.authenticated ? 'yes' : 'no',
                ],
                ['authenticated as', data.authenticated_as],
              ] as Array<[string, unknown]>)),
          ['maps to', data.event === null ? null : JSON.stringify(data.event)],
        ]),
    };
  },
});
