import fc from 'fast-check';

/**
 * Trace texts for property tests of the intakes (issue 20). Each carries what the intake
 * must do with it: `accept`, `reject`, or `either` (arbitrary JSON that is almost never a
 * trace, where only "no internal error, nothing else affected" is asserted).
 */
export interface Candidate {
  bytes: Buffer;
  session: string | undefined;
  want: 'accept' | 'reject' | 'either';
  kind: string;
}

const fatal = new TextDecoder('utf-8', { fatal: true });
const validUtf8 = (b: Uint8Array): boolean => {
  try {
    fatal.decode(b);
    return true;
  } catch {
    return false;
  }
};
const wellFormed = (s: string): boolean =>
  (s as string & { isWellFormed(): boolean }).isWellFormed();

/** One trace's JSON text with `attributes` given as raw JSON text (`@` marks a splice). */
function traceText(session: string, prompt: string, attributes: string): string {
  return `{"session_id":${JSON.stringify(session)},"agent":"prop-bot","events":[{"type":"llm_call","prompt":${prompt},"timestamp":"2026-11-20T10:00:00Z"}],"attributes":${attributes}}`;
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** A candidate trace for session `session` (a unique id, so no conflicts are drawn). */
export function candidate(session: string): fc.Arbitrary<Candidate> {
  const text = (t: string, want: Candidate['want'], kind: string): Candidate => ({
    bytes: Buffer.from(t),
    session,
    want,
    kind,
  });
  return fc.oneof(
    fc
      .string({ unit: 'grapheme', maxLength: 40 })
      .map((s) => text(traceText(session, JSON.stringify(s), '{}'), 'accept', 'good text')),
    // Any code unit, lone surrogates included: JSON.stringify writes them as \udXXX escapes.
    fc
      .string({ unit: 'binary', maxLength: 20 })
      .map((s) =>
        text(
          traceText(session, JSON.stringify(s), '{}'),
          wellFormed(s) ? 'accept' : 'reject',
          'any text',
        ),
      ),
    fc
      .tuple(fc.string({ unit: 'binary', maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }))
      .map(([k, v]) =>
        text(
          traceText(session, '"p"', JSON.stringify({ [k]: v })),
          wellFormed(k) && !JSON.stringify(v).includes('"__proto__":') ? 'accept' : 'reject',
          'any member name',
        ),
      ),
    // Nesting around the limit: attributes is level 2, so its arrays reach 2 + depth.
    fc
      .oneof(fc.integer({ min: 505, max: 515 }), fc.integer({ min: 516, max: 30_000 }))
      .map((depth) =>
        text(
          traceText(session, '"p"', `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`),
          2 + depth > 512 ? 'reject' : 'accept',
          'deep',
        ),
      ),
    fc
      .tuple(fc.integer({ min: 300, max: 400 }), fc.boolean())
      .map(([exp, negative]) =>
        text(
          traceText(session, '"p"', `{"n":${negative ? '-' : ''}1e${exp}}`),
          exp > 308 ? 'reject' : 'accept',
          'huge number',
        ),
      ),
    fc
      .tuple(fc.constantFrom(...PROTO_KEYS), fc.jsonValue({ maxDepth: 2 }))
      .map(([k, v]) =>
        text(
          traceText(session, '"p"', `{${JSON.stringify(k)}:${JSON.stringify(v)}}`),
          k === '__proto__' || JSON.stringify(v).includes('"__proto__":') ? 'reject' : 'accept',
          'prototype name',
        ),
      ),
    // Raw bytes >= 0x80 in a prompt: never JSON syntax, valid UTF-8 or not.
    fc.uint8Array({ min: 0x80, max: 0xff, minLength: 1, maxLength: 6 }).map((raw): Candidate => {
      const [head, tail] = traceText(session, '"a@b"', '{}').split('@') as [string, string];
      return {
        bytes: Buffer.concat([Buffer.from(head), raw, Buffer.from(tail)]),
        session,
        want: validUtf8(raw) ? 'accept' : 'reject',
        kind: 'raw bytes',
      };
    }),
    fc.jsonValue().map((v): Candidate => ({
      bytes: Buffer.from(JSON.stringify(v)),
      session: undefined,
      want: 'either',
      kind: 'any JSON',
    })),
  );
}

const PLACEHOLDER = 'SESSION_';

/** 1 to `max` candidates, their session ids made unique per run by `forRun`. */
export function candidates(max = 8): fc.Arbitrary<Candidate[]> {
  return fc
    .integer({ min: 1, max })
    .chain((n) =>
      fc.tuple(...Array.from({ length: n }, (_, i) => candidate(`${PLACEHOLDER}${i}`))),
    );
}

let runs = 0;

/**
 * The same candidates with session ids no earlier run used, so one store serves every run
 * (shrinking replays draws). latin1 maps bytes to code units one to one, so raw bytes stay.
 */
export function forRun(list: Candidate[]): Candidate[] {
  const run = `run${++runs}_`;
  return list.map((c) => ({
    ...c,
    bytes: Buffer.from(c.bytes.toString('latin1').replaceAll(PLACEHOLDER, run), 'latin1'),
    session: c.session?.replace(PLACEHOLDER, run),
  }));
}
