import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { EXAMPLES, runBin, runJson, tempDataDir } from '../support/cli.js';

// The built binaries find templates/ (pack.html, verify.mjs) from dist/, and load archiver,
// pdfkit and hyparquet-writer lazily: a pack and an export made exactly as a user would.
const store = tempDataDir('evid-packs-e2e-');
afterAll(() => store.cleanup());

it('evid pack, audit evidence list/verify and evid export work from the built bins', async () => {
  const ingest = await runBin(
    'evid',
    ['traces', 'ingest', join(EXAMPLES, 'research-agents.json')],
    {
      dataDir: store.dir,
    },
  );
  expect(ingest.exitCode, String(ingest.stderr)).toBe(0);
  for (const format of ['html', 'pdf']) {
    const pack = await runJson<{ pack_id: string; path: string }>(
      'evid',
      ['pack', '--since', '2000-01-01', '--format', format, '--include-controls'],
      { dataDir: store.dir },
    );
    expect(pack.code, pack.stderr).toBe(0);
    const verify = await runBin('audit', ['evidence', 'verify', pack.data.path], {
      dataDir: store.dir,
    });
    expect(verify.exitCode, String(verify.stdout) + String(verify.stderr)).toBe(0);
  }
  const list = await runJson<{ total: number }>('audit', ['evidence', 'list'], {
    dataDir: store.dir,
  });
  expect(list.data.total).toBe(2);
  const exported = await runJson<{ files: Array<{ rows: number }> }>(
    'evid',
    ['export', '--format', 'parquet', '--output', join(store.dir, 'out')],
    { dataDir: store.dir },
  );
  expect(exported.code, exported.stderr).toBe(0);
  expect(exported.data.files).toHaveLength(3);
});
