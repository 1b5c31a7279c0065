// The split every external round uses (src/detect/README.md, the corpus rules): the first
// byte of the SHA-256 of a text, even to external<N>-dev.jsonl (tuned on), odd to
// heldout/external<N>-heldout.jsonl (scored once, at the end). Refuses duplicate texts.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const half = (text) =>
  parseInt(createHash('sha256').update(text).digest('hex').slice(0, 2), 16) % 2 === 0;

/** Writes round `round`'s two halves; returns them ({dev, held}). */
export function writeRound(round, samples) {
  const texts = new Set();
  const out = { dev: [], held: [] };
  let n = 0;
  for (const s of samples) {
    if (texts.has(s.text)) throw new Error(`duplicate text: ${s.text}`);
    texts.add(s.text);
    n++;
    const side = half(s.text) ? 'dev' : 'held';
    out[side].push({ id: `external${round}-${String(n).padStart(3, '0')}`, ...s });
  }
  const dir = fileURLToPath(new URL('../test/fixtures/detect/', import.meta.url));
  const jsonl = (list) =>
    list
      .map(({ id, text, labels, categories, source }) =>
        JSON.stringify({ id, text, field: 'prompt', labels, categories, source }),
      )
      .join('\n') + '\n';
  writeFileSync(`${dir}external${round}-dev.jsonl`, jsonl(out.dev));
  writeFileSync(`${dir}heldout/external${round}-heldout.jsonl`, jsonl(out.held));
  return out;
}
