import type { ChalkInstance } from 'chalk';
import type TableType from 'cli-table3';
import { createRequire } from 'node:module';

/** The human renderer's toolbox, loaded only when output is for a person (not --json). */
export interface Ui {
  colour: ChalkInstance;
  table(head: string[], rows: Array<Array<string | number | null | undefined>>): string;
  fields(pairs: Array<[string, unknown]>): string;
  severity(s: string): string;
  status(ok: boolean, text: string): string;
}

/**
 * Colour off (not a TTY, NO_COLOR, a script): every style is the identity, so chalk is not
 * loaded at all. Chalk and cli-table3 cost ~13 ms of start-up together, as much as the rest
 * of `evid status`; tables load cli-table3 on first use.
 */
const plain: ChalkInstance = new Proxy(() => undefined, {
  // Styles chain (`colour.red.bold`); `then` and symbols stay undefined, so it is no promise.
  get: (_target, key) => (typeof key === 'symbol' || key === 'then' ? undefined : plain),
  apply: (_target, _this, args: unknown[]) => args.join(' '),
}) as unknown as ChalkInstance;

const require = createRequire(import.meta.url);
let Table: typeof TableType | undefined;

export async function createUi(colourOn: boolean): Promise<Ui> {
  const colour = colourOn ? new (await import('chalk')).Chalk({ level: 1 }) : plain;
  const cell = (v: unknown): string =>
    v === null || v === undefined || v === '' ? '-' : String(v);
  return {
    colour,
    table(head, rows) {
      // cli-table3 colours its borders and head even off a TTY unless the styles are emptied.
      Table ??= require('cli-table3') as typeof TableType;
      const t = new Table({
        head: head.map((h) => colour.bold(h)),
        style: { head: [], border: [], compact: true },
        wordWrap: false,
      });
      for (const r of rows) t.push(r.map(cell));
      return t.toString();
    },
    fields(pairs) {
      const width = Math.max(...pairs.map(([k]) => k.length));
      return pairs.map(([k, v]) => `${colour.dim(k.padEnd(width))}  ${cell(v)}`).join('\n');
    },
    severity(s) {
      const paint = {
        critical: colour.red.bold,
        high: colour.red,
        medium: colour.yellow,
        low: colour.cyan,
      }[s];
      return paint ? paint(s) : s;
    },
    status(ok, text) {
      return ok ? colour.green(text) : colour.red(text);
    },
  };
}
