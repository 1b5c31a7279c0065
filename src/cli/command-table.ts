import type { CommandSpec } from './command.js';

/**
 * One row of a program's command table: the command's words, and how to load its module.
 * The table is what lets `evid status` load one command module instead of all of them
 * (start-up is mostly module loading): only `--help` and unknown words load every row.
 */
export interface CommandEntry {
  /** The same words as the loaded spec's `path` (a unit test holds them together). */
  path: string[];
  load(): Promise<CommandSpec>;
}

export const lazyCommand = (path: string[], load: () => Promise<CommandSpec>): CommandEntry => ({
  path,
  load,
});

/**
 * The program's global options (main.ts), which may come before the command words; the ones
 * with a value take the next word. One missing here only costs start-up: its word matches no
 * row, so every row loads and commander parses as before.
 */
const GLOBAL_FLAGS = new Set(['--json', '--verbose']);
const GLOBAL_WITH_VALUE = new Set(['--data-dir']);

/**
 * The rows an invocation needs: the one row whose words begin argv (after global options),
 * the longest if several do; none for the program's --version; every row when none
 * matches (help, a group alone, a typo that commander should answer with its suggestions).
 */
export function rowsFor(table: CommandEntry[], argv: string[]): CommandEntry[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (GLOBAL_WITH_VALUE.has(arg)) i++;
    else if (GLOBAL_FLAGS.has(arg) || arg.startsWith('--data-dir=')) continue;
    else if (arg === '-V' || arg === '--version') return words.length === 0 ? [] : table;
    else if (arg.startsWith('-')) break;
    else words.push(arg);
  }
  let best: CommandEntry | undefined;
  for (const row of table) {
    const matches = row.path.every((word, i) => words[i] === word);
    if (matches && row.path.length > (best?.path.length ?? 0)) best = row;
  }
  return best ? [best] : table;
}
