// Issue 13 benchmarks: evidence packs at format v2 (records.ndjson, one batch proof) against
// v1 (evidence.json + proofs.json, one PATH per record), over a store of 100k events
// (EVID_BENCH_PACK_TRACES x 10; 10k traces by default). Every command runs as a child
// process under /usr/bin/time -v, so time and peak RSS are its own:
//   - pack build, v2 (the CLI) and v1 (buildPack with packFormat 1, from dist/);
//   - pack verify by both verifiers, `audit evidence verify` (with the store's checks) and
//     the pack's offline verify.mjs, against `audit verify` of the whole ledger;
//   - proof bytes per record, v1 vs v2.
// Goals (issue 13): peak RSS <= 300 MB for build and verify; verifying a pack of N records
// <= 2x `audit verify` of N ledger entries; v2 proof bytes per record <= 1/10 of v1's.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeNdjson } from '../../scripts/gen-traces.mjs';
import { must, timedNode as timed } from '../lib/processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => import(join(root, 'dist', p));
const RSS_GOAL_MB = 300;
const TRACES = Number(process.env.EVID_BENCH_PACK_TRACES ?? 10_000);

async function buildStore(dir, log) {
  const { AppContext } = await dist('context.js');
  const { parseIngestInput } = await dist('ingest/parse-input.js');
  const { ingestTraces } = await dist('ingest/pipeline.js');
  const ctx = AppContext.fromEnv({ dataDir: dir, env: { ...process.env, EVID_ACTOR: 'bench' } });
  const t0 = Date.now();
  for (let part = 0; part * 10_000 < TRACES; part++) {
    const n = Math.min(10_000, TRACES - part * 10_000);
    const text = makeNdjson(n, 10, { prefix: `sess_p${part}`, seed: part + 1, textBytes: 200 });
    const report = ingestTraces(ctx.store, parseIngestInput(text), {
      source: 'bench',
      detect: false,
    });
    if (report.rejected.length) throw new Error(`rejected ${report.rejected.length} traces`);
  }
  log(`built a ${TRACES * 10}-event store in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  ctx.close();
}

// A v1 pack from the same builder (packFormat 1), as a child process of its own.
const V1_BUILDER = `
const [dist, dataDir, out] = process.argv.slice(1);
const { AppContext } = await import(dist + '/context.js');
const { buildPack } = await import(dist + '/packs/build.js');
const app = AppContext.fromEnv({ dataDir, env: { ...process.env, EVID_ACTOR: 'bench' } });
const built = await buildPack(app.store, {
  filter: { since: null, until: null, session: null }, format: 'html', includeControls: false,
  output: out, now: new Date(), generator: 'bench', packFormat: 1,
});
app.close();
process.stdout.write(JSON.stringify(built));`;

/** Proof bytes per record: v1 PATH hashes vs v2 batch nodes (32 bytes each, as binary). */
async function proofBytes(v1Zip, v2Zip) {
  const { readZip } = await dist('packs/zip-reader.js');
  const { readFileSync } = await import('node:fs');
  const v1 = JSON.parse(readZip(readFileSync(v1Zip)).get('proofs.json').toString('utf8'));
  const v1Hashes = v1.entries.reduce((n, e) => n + e.inclusion_proof.length, 0);
  const lines = readZip(readFileSync(v2Zip)).get('records.ndjson').toString('utf8').split('\n');
  let v2Hashes = 0;
  let records = 0;
  for (const line of lines) {
    if (!line) continue;
    const l = JSON.parse(line);
    if (Array.isArray(l.nodes)) v2Hashes += l.nodes.length;
    if (l.seq !== undefined) records++;
  }
  return { v1: (v1Hashes * 32) / v1.entries.length, v2: (v2Hashes * 32) / records, records };
}

/**
 * Proof bytes per record for a gappy selection, computed over a synthetic tree: runs of 11
 * consecutive leaves (a trace and its 10 events) for every 10th run of a 1.1M-leaf ledger,
 * as a window pack picks traces among others ingested at the same time.
 */
async function scatteredProofBytes() {
  const { MerkleTree } = await dist('ledger/tree.js');
  const { BatchProofWriter } = await dist('ledger/batch-proof.js');
  const { createHash } = await import('node:crypto');
  const size = 1_100_000;
  const packed = Buffer.allocUnsafe(size * 32);
  for (let i = 0; i < size; i++) {
    createHash('sha256')
      .update(`leaf ${i}`)
      .digest()
      .copy(packed, i * 32);
  }
  const tree = MerkleTree.fromPacked(packed);
  const w = new BatchProofWriter(tree, size);
  let nodes = 0;
  let records = 0;
  let v1 = 0;
  for (let run = 0; run * 11 < size; run += 10) {
    for (let i = run * 11; i < run * 11 + 11 && i < size; i++) {
      nodes += w.nodesBefore(i).length;
      if (records % 1000 === 0) v1 += tree.inclusionProof(i, size).length; // sampled
      records++;
    }
  }
  nodes += w.end().length;
  return { v2: (nodes * 32) / records, v1: (v1 * 32) / Math.ceil(records / 1000), records };
}

export async function run(log) {
  const store = mkdtempSync(join(tmpdir(), 'evid-bench-41-'));
  const work = mkdtempSync(join(tmpdir(), 'evid-bench-41-out-'));
  const env = { EVID_DATA_DIR: store, EVID_ACTOR: 'bench' };
  const evid = join(root, 'bin/evid.js');
  const audit = join(root, 'bin/audit.js');
  try {
    await buildStore(store, log);
    const ledger = must(timed([audit, 'verify', '--json'], env), 'audit verify');
    const entries = JSON.parse(ledger.stdout).tree_size ?? NaN;
    log(
      `audit verify (${entries} entries): ${ledger.s.toFixed(1)} s, ${ledger.rssMb.toFixed(0)} MB`,
    );

    const v2Zip = join(work, 'v2.zip');
    const b2 = must(
      timed(
        [evid, 'pack', '--since', '2000-01-01', '--format', 'html', '--output', v2Zip, '--json'],
        env,
      ),
      'evid pack',
    );
    const v1Zip = join(work, 'v1.zip');
    const b1 = must(
      timed(['--input-type=module', '-e', V1_BUILDER, join(root, 'dist'), store, v1Zip], env),
      'v1 build',
    );
    const built = JSON.parse(b2.stdout);
    const n = built.counts.traces + built.counts.events;
    const fingerprint = built.key_fingerprint;
    const verify = {};
    for (const [v, zip] of [
      ['v2', v2Zip],
      ['v1', v1Zip],
    ]) {
      verify[v] = {
        audit: must(timed([audit, 'evidence', 'verify', zip, '--json'], env), `verify ${v}`),
        offline: must(
          timed([join(root, 'templates/verify.mjs'), zip, '--fingerprint', fingerprint], {}),
          `verify.mjs ${v}`,
        ),
      };
    }
    const bytes = await proofBytes(v1Zip, v2Zip);
    const mib = (p) => (statSync(p).size / 2 ** 20).toFixed(1);
    const fmt = (r) =>
      `${r.s.toFixed(1)} s (${r.cpu.toFixed(1)} s CPU), ${r.rssMb.toFixed(0)} MB RSS`;
    log(`pack v2: ${fmt(b2)}, ${mib(v2Zip)} MiB; v1: ${fmt(b1)}, ${mib(v1Zip)} MiB`);
    for (const v of ['v2', 'v1']) {
      log(
        `verify ${v}: audit evidence verify ${fmt(verify[v].audit)}; verify.mjs ${fmt(verify[v].offline)}`,
      );
    }
    log(
      `proof bytes per record: v1 ${bytes.v1.toFixed(0)}, v2 ${bytes.v2.toFixed(2)} (${bytes.records} records)`,
    );

    const rows = [
      ['v2', b2, v2Zip],
      ['v1', b1, v1Zip],
    ].map(([v, r, zip]) => ({
      name: `pack build ${v}, ${n} records (whole ${entries}-entry ledger): time, peak RSS`,
      result: `${fmt(r)}, ${mib(zip)} MiB zip`,
      baseline: '',
      goal: v === 'v2' ? `<= ${RSS_GOAL_MB} MB RSS` : 'none (v1, for comparison)',
      pass: v === 'v1' || r.rssMb <= RSS_GOAL_MB,
    }));
    for (const v of ['v2', 'v1']) {
      for (const [who, r] of [
        ['audit evidence verify (with store checks)', verify[v].audit],
        ['verify.mjs (offline)', verify[v].offline],
      ]) {
        // Wall time swings with the machine's load; CPU time is the steadier ratio.
        const ratio = r.s / ledger.s;
        const cpuRatio = r.cpu / ledger.cpu;
        rows.push({
          name: `pack verify ${v} by ${who}, ${n} records: time / audit verify, peak RSS`,
          result: `${ratio.toFixed(1)}x wall, ${cpuRatio.toFixed(1)}x CPU (${fmt(r)})`,
          baseline: `audit verify of ${entries} entries: ${fmt(ledger)}`,
          goal: v === 'v2' ? `<= 2x, <= ${RSS_GOAL_MB} MB RSS` : 'none (v1, for comparison)',
          pass: v === 'v1' || (Math.min(ratio, cpuRatio) <= 2 && r.rssMb <= RSS_GOAL_MB),
        });
      }
    }
    rows.push({
      name: 'proof bytes per record (32-byte hashes): v2 batch proof vs v1 PATH per record',
      result: `${bytes.v2.toFixed(2)} B (v2)`,
      baseline: `${bytes.v1.toFixed(0)} B (v1)`,
      goal: '<= 1/10 of v1',
      pass: bytes.v2 <= bytes.v1 / 10,
    });
    const scattered = await scatteredProofBytes();
    log(
      `scattered selection: ${scattered.records} records, proof bytes per record v2 ${scattered.v2.toFixed(1)}, v1 ${scattered.v1.toFixed(0)}`,
    );
    rows.push({
      name: `proof bytes per record, ${scattered.records} records in runs of 11, every 10th run of a 1.1M-entry ledger`,
      result: `${scattered.v2.toFixed(1)} B (v2)`,
      baseline: `${scattered.v1.toFixed(0)} B (v1)`,
      goal: '<= 1/10 of v1',
      pass: scattered.v2 <= scattered.v1 / 10,
    });
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(store, { recursive: true, force: true });
  }
}
