// Synthetic agent traces for tests and benchmarks: realistic sizes (~500-byte prompts and
// completions), deterministic for a given seed. Usage as a CLI:
//   node scripts/gen-traces.mjs <traces> <events-per-trace> [prefix] > traces.ndjson
const WORDS = (
  'the agent checked order status for customer account invoice shipment refund policy ' +
  'summary report draft email meeting calendar database query result table column value ' +
  'retry timeout latency token model prompt completion review approve escalate tool search'
).split(' ');

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 4294967296;
}

function sentence(next, bytes) {
  let out = '';
  while (out.length < bytes) out += WORDS[Math.floor(next() * WORDS.length)] + ' ';
  return out.slice(0, bytes);
}

/** Returns an array of trace ingestion requests. */
export function makeTraces(
  traces,
  eventsPerTrace,
  { prefix = 'sess_gen', seed = 42, textBytes = 500 } = {},
) {
  const next = rng(seed);
  const base = Date.parse('2026-11-01T00:00:00Z');
  const out = [];
  for (let t = 0; t < traces; t++) {
    const events = [];
    for (let e = 0; e < eventsPerTrace; e++) {
      events.push({
        type: e % 3 === 2 ? 'tool_call' : 'llm_call',
        model: 'gpt-4o-mini',
        prompt: sentence(next, textBytes),
        completion: sentence(next, textBytes),
        tokens_prompt: 100 + Math.floor(next() * 900),
        tokens_completion: 50 + Math.floor(next() * 400),
        timestamp: new Date(base + t * 60_000 + e * 1_000).toISOString(),
      });
    }
    out.push({
      session_id: `${prefix}_${t}`,
      agent: `agent-${t % 7}`,
      framework: 'langchain',
      events,
    });
  }
  return out;
}

/** NDJSON text of makeTraces(...). */
export function makeNdjson(traces, eventsPerTrace, options) {
  return (
    makeTraces(traces, eventsPerTrace, options)
      .map((t) => JSON.stringify(t))
      .join('\n') + '\n'
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [traces = '10', per = '10', prefix = 'sess_gen'] = process.argv.slice(2);
  process.stdout.write(makeNdjson(Number(traces), Number(per), { prefix }));
}
