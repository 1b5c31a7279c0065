import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, it } from 'vitest';
import { tempDataDir } from '../support/cli.js';
import { api, startServer, trace, type RunningServer } from '../support/server.js';
let store: { dir: string; cleanup(): void };
let server: RunningServer;
const dump: Record<string, unknown[]> = {};
async function call(method: string, path: string, body?: unknown) {
  const r = await api(server.url, path, { method, ...(body === undefined ? {} : { body }) });
  (dump[`${method} ${path} ${r.status}`] ??= []).push(r.body);
  return r;
}
beforeAll(async () => {
  store = tempDataDir('evid-s3d-');
  server = await startServer({ dataDir: store.dir });
});
afterAll(async () => {
  writeFileSync('/tmp/schemas3/comp.json', JSON.stringify(dump, null, 1));
  await server?.stop(); store?.cleanup();
});
it('captures', async () => {
  await call('POST', '/api/v1/traces', trace('s1', 'hr-screener'));
  await call('GET', '/v1/compliance/frameworks');
  await call('POST', '/v1/compliance/assessment', { system_id: 'hr-screener', frameworks: ['eu-ai-act', 'gdpr'], system_metadata: { domain: 'employment', capabilities: ['automated_decisions'], data_types: ['cv'] } });
  await call('POST', '/v1/compliance/assessment', { system_id: 'ghost', frameworks: ['gdpr'] });
});
