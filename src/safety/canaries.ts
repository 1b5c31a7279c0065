import { randomBytes } from 'node:crypto';
import type { Canaries } from './probes/catalog.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function alnum(n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (const b of bytes) out += ALNUM[b % ALNUM.length];
  return out;
}

/**
 * Fresh values per run: a key in the shape of an OpenAI project key (the secret detectors
 * know it), a plausible personal e-mail address, and a marker word no model says unasked.
 */
export function newCanaries(): Canaries {
  return {
    secret: `sk-proj-${alnum(48)}`,
    email: `dana.whitfield.${randomBytes(3).toString('hex')}@gmail.com`,
    marker: `CANARY-${randomBytes(4).toString('hex').toUpperCase()}`,
  };
}
