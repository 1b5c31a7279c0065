import { createDetector } from '../../../src/detect/engine.js';

const detector = createDetector();

/** The secret findings in a prompt as `type span` lines: what the round tests compare. */
export function secretFindings(text: string, scanner = detector): string[] {
  return scanner
    .scanEvent([{ field: 'prompt', text }])
    .filter((d) => d.category === 'secret')
    .map((d) => `${d.type} ${text.slice(d.start, d.end)}`);
}
