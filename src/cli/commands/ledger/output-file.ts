import { writeFileSync } from 'node:fs';
import { environmentError } from '../../../store/data-dir.js';

/** Writes public text (a key, a checkpoint) for --output; errors name the path and cause. */
export function writeOutputFile(path: string, text: string): void {
  try {
    writeFileSync(path, text, { mode: 0o644 });
  } catch (err) {
    throw environmentError('write', path, err);
  }
}
