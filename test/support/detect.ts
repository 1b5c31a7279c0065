import { createDetector } from '../../src/detect/engine.js';
import type { Category } from '../../src/detect/types.js';

const detector = createDetector();

/**
 * The finding types the default detectors report for one field, limited to `categories`:
 * what the phrase tests of each detection round assert on.
 */
export function typesFound(
  text: string,
  field: string,
  categories: readonly Category[] = ['prompt_injection', 'jailbreak'],
): string[] {
  return detector
    .scanEvent([{ field, text }])
    .filter((d) => categories.includes(d.category))
    .map((d) => d.type);
}
