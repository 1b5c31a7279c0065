import { readFileSync } from 'node:fs';

/** The package version, read from package.json next to dist/ (works from a packed install). */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
