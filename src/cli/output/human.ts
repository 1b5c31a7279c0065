import { Chalk, type ChalkInstance } from 'chalk';
import Table from 'cli-table3';

/** The human renderer's toolbox, loaded only when output is for a person (not --json). */
export interface Ui {
  colour: ChalkInstance;
  table(head: string[], rows: Array<Array<string | number | null | undefined>>): string;
  fields(pairs: Array<[string, unknown]>): string;
  severity(s: string): string;
  status(ok: boolean, text: string): string;
}

export function createUi(colourOn: boolean): Ui {
  const colour = new Chalk({ level: colourOn ? 1 : 0 });
  const cell = (v: unknown): string =>
    v === null || v === undefined || v === '' ? '-' : String(v);
  return {
    colour,
    table(head, rows) {
      // cli-table3 colours its borders and head even off a TTY unless the styles are emptied.
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
