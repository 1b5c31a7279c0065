import { up as initial } from './001-initial.js';

/**
 * Numbered migrations in a static map (no .sql files looked up at run time). A migration
 * is applied once, in order, inside the same IMMEDIATE transaction that records it.
 */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; up: string }> = [
  { version: 1, name: 'initial', up: initial },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
