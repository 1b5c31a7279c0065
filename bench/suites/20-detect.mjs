// Issue 3 benchmarks: detector throughput (MB/s of text on one core) and the linearity of
// every pattern on adversarial input (time at 1 MB over time at 256 KB: ~4 if linear).
// Issue 20: throughput with 50 custom regex rules live (RE2), and the linearity of every
// built-in detector's whole scan on the same adversarial shapes.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCustomRules, detectorBenchText } from '../../scripts/detector-text.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => import(join(root, 'dist', p));
const MB = 1024 * 1024;

/**
 * Growth judged where the 1 MB run takes >= 10 ms (sub-millisecond timings are noise);
 * suspects (6x or more) re-timed 1 MB -> 4 MB by `retime`, and that growth kept.
 */
function judgeGrowth(rows, what, log, retime) {
  const judged = rows.filter((r) => r.points.at(-1).ms >= 10);
  for (const row of judged.filter((r) => r.ratio >= 6)) {
    // A second time when still >= 6x, keeping the lower growth: on a shared machine one slow
    // 4 MB run can look like 9-12x (seen for linear patterns at ~2-9 ms per MB); backtracking
    // repeats every time.
    const time = () => {
      const [at1, at4] = retime(row);
      return { at1, at4, g: at4.ms / at1.ms };
    };
    let best = time();
    if (best.g >= 6) {
      const again = time();
      if (again.g < best.g) best = again;
    }
    const { at1, at4, g } = best;
    log(
      `suspect ${what} ${row.id} on ${row.shape}: ${row.ratio.toFixed(1)}x from 256 KB to 1 MB, ${g.toFixed(1)}x from 1 MB (${at1.ms.toFixed(1)} ms) to 4 MB (${at4.ms.toFixed(1)} ms)`,
    );
    row.screened = row.ratio;
    row.ratio = g;
  }
  const worst = judged.reduce((a, b) => (b.ratio > a.ratio ? b : a), judged[0] ?? rows[0]);
  const slowest = rows.reduce((a, b) => (b.points.at(-1).ms > a.points.at(-1).ms ? b : a), rows[0]);
  log(
    `${rows.length} ${what} x shape runs; worst growth ${worst.id} on ${worst.shape}: ${worst.ratio.toFixed(1)}x`,
  );
  return {
    worst,
    slowest: { id: slowest.id, shape: slowest.shape, ms: slowest.points.at(-1).ms },
    runs: rows.length,
    judged: judged.length,
  };
}

export async function run(log) {
  const { createDetector } = await dist('detect/engine.js');
  const { auditPatternScaling, measurePatternScaling, patternsForAudit, ADVERSARIAL_SHAPES } =
    await dist('detect/audit.js');
  const { parsePolicy } = await dist('detect/policy.js');
  const texts = detectorBenchText();
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  const throughput = (detector, label) => {
    for (const t of texts.slice(0, 2000)) detector.scanEvent([{ field: 'prompt', text: t }]); // warm up
    const t0 = performance.now();
    let rounds = 0;
    while (performance.now() - t0 < 5_000 || rounds < 1) {
      for (const t of texts) detector.scanEvent([{ field: 'prompt', text: t }]);
      rounds++;
    }
    const seconds = (performance.now() - t0) / 1000;
    log(`${label}: ${((bytes * rounds) / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s`);
    return { mbps: (bytes * rounds) / 1e6 / seconds, rounds };
  };
  const builtIn = throughput(createDetector(), 'built-in policy');
  // Issue 20: custom regex rules run on the linear-time engine, behind one set automaton.
  const rules = benchCustomRules();
  const custom = throughput(
    createDetector(parsePolicy({ custom_rules: rules })),
    `${rules.length} custom rules`,
  );
  const mbps = builtIn.mbps;
  const rounds = builtIn.rounds;

  // Two passes, keeping each point's faster time (the first pass pays JIT warm-up), and the
  // growth judged only where the 1 MB run takes >= 10 ms: sub-millisecond timings are noise.
  const passes = [auditPatternScaling(), auditPatternScaling()];
  const scaling = passes[0].map((row, i) => {
    const points = row.points.map((pt, j) => ({
      ...pt,
      ms: Math.min(pt.ms, passes[1][i].points[j].ms),
    }));
    return { ...row, points, ratio: points[2].ms / Math.max(points[0].ms, 0.001) };
  });
  // Suspects (6x or more) are timed again at 1 MB -> 4 MB, and that growth is the one judged.
  // A pattern that scans at ~10 ms per MB can grow 8x from 256 KB to 1 MB without
  // backtracking (the smaller input fits in the CPU's cache); backtracking grows ~16x again
  // from 1 MB to 4 MB, a cache effect does not.
  const regexOf = new Map(patternsForAudit().map((p) => [p.id, p.regex]));
  const patterns = judgeGrowth(scaling, 'pattern', log, (row) =>
    measurePatternScaling(regexOf.get(row.id), ADVERSARIAL_SHAPES[row.shape], [MB, 4 * MB]),
  );

  // Issue 20: each built-in detector's whole scan (refine callbacks, decoders, sentence walks),
  // ungated, as a prompt and a tool result, 256 KB -> 1 MB, best of two; same suspect rule
  // (re-timed best of three).
  const { BUILTIN_DETECTORS } = await dist('detect/detectors/index.js');
  const { auditDetectorScaling, measureDetectorScaling } = await dist('detect/audit-detectors.js');
  const detectorOf = new Map(BUILTIN_DETECTORS.map((d) => [d.id, d]));
  const detectors = judgeGrowth(auditDetectorScaling(), 'detector', log, (row) =>
    measureDetectorScaling(detectorOf.get(row.id), ADVERSARIAL_SHAPES[row.shape], [MB, 4 * MB], 3),
  );
  const growthRow = (g, what, sizes) => ({
    name: `every ${what} on adversarial input (${Object.keys(ADVERSARIAL_SHAPES).length} shapes), ${sizes} (suspects from 6x re-timed 1 MB -> 4 MB): worst time growth (linear ~4x, quadratic ~16x)`,
    result: `${g.worst.ratio.toFixed(1)}x (${g.worst.id} on ${g.worst.shape}${g.worst.screened ? `, re-timed 1 MB -> 4 MB after ${g.worst.screened.toFixed(1)}x` : ''}); slowest 1 MB run ${g.slowest.ms.toFixed(0)} ms (${g.slowest.id} on ${g.slowest.shape})`,
    baseline: `${g.runs} ${what} x shape runs, ${g.judged} taking >= 10 ms at 1 MB`,
    goal: '< 8x (linear)',
    pass: g.worst.ratio < 8,
  });
  return [
    {
      name: 'detector throughput, one core (agent prose + corpus samples)',
      result: `${mbps.toFixed(1)} MB/s`,
      baseline: `${(bytes / 1e6).toFixed(1)} MB x ${rounds}`,
      goal: '>= 20 MB/s',
      pass: mbps >= 20,
    },
    {
      name: `detector throughput, one core, with ${rules.length} custom regex rules live`,
      result: `${custom.mbps.toFixed(1)} MB/s`,
      baseline: `${(bytes / 1e6).toFixed(1)} MB x ${custom.rounds}; built-in only ${mbps.toFixed(1)} MB/s`,
      goal: '>= 20 MB/s',
      pass: custom.mbps >= 20,
    },
    growthRow(patterns, 'pattern', '256 KB -> 1 MB'),
    growthRow(detectors, 'detector', '256 KB -> 1 MB'),
  ];
}
