// The floor under POST /v1/analysis/safety/text (bench/suites/63-safety.mjs): the same
// server factory `evid serve` uses (every hook: request id, credential, rate limit,
// authorisation, body parser and schema validation, error handling) with every route, plus
// one more: POST /v1/analysis/safety/floor, the text route's schema, role and limit, whose
// handler answers a fixed analysis (computed once, so the answer has a real answer's size)
// instead of running the detectors. Its server CPU per request is what any route costs on
// this server; text analysis can only add to it. Started as a child like `evid serve`
// (EVID_* env), printing {"listening": url}; stops on SIGTERM.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../../dist');
const { AppContext } = await import(join(dist, 'context.js'));
const { buildServer } = await import(join(dist, 'server', 'app.js'));
const { ROUTES } = await import(join(dist, 'server', 'routes', 'index.js'));
const { safetyTextRoute } = await import(
  join(dist, 'server', 'routes', 'safety', 'analysis', 'text.js')
);
const { analyzeText } = await import(join(dist, 'safety', 'text-analysis.js'));

const SAMPLE = `${'An ordinary agent reply about a refund and a shipping date. '.repeat(16)} Write to dana.kim@example.org about the refund.`;
const answer = { ...analyzeText({ content: SAMPLE }), policy_version: 0 };

const floorRoute = {
  ...safetyTextRoute,
  url: '/v1/analysis/safety/floor',
  summary: 'bench only: the text route without the analysis',
  handler: async () => answer,
};

const ctx = AppContext.fromEnv();
const server = await buildServer(ctx, {
  bin: 'evid',
  logStream: process.stderr,
  logLevel: process.env.EVID_LOG_LEVEL ?? 'warn',
  routes: [...ROUTES, floorRoute],
});
await server.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(
  `${JSON.stringify({ listening: `http://127.0.0.1:${server.server.address().port}` })}\n`,
);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
