/**
 * CSV per RFC 4180: a header row, CRLF line ends, fields quoted when they hold a quote,
 * comma, CR or LF (quotes doubled). A missing value is an empty unquoted field and an empty
 * string is `""`, so readers can tell them apart (DuckDB: allow_quoted_nulls = false).
 *
 * Spreadsheet formula injection (OWASP "CSV Injection"): compliance staff open these files
 * in spreadsheet programs, and a prompt or agent name such as `=HYPERLINK("http://...")`
 * would run as a formula. By default a TEXT cell that begins with `=`, `+`, `-`, `@`, tab
 * or carriage return gets a leading `'`, which spreadsheets take as "this is text". Numbers
 * in numeric columns (tokens, score, positions) are written as numbers, never prefixed: a
 * spreadsheet reads `-5` as the number it is. `raw` writes every value exactly as stored.
 */
import { rmSync } from 'node:fs';
import type { Column } from './columns.js';
import { FileSink } from './file-sink.js';
import type { RowWriter } from './row-writer.js';

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMERIC: ReadonlySet<Column['type']> = new Set(['int32', 'int64', 'double']);

export interface CsvOptions {
  /** Exact values: no `'` before text that a spreadsheet would take for a formula. */
  raw?: boolean;
}

export function csvField(value: unknown, type: Column['type'], options: CsvOptions = {}): string {
  if (value === null || value === undefined) return '';
  if (type === 'boolean') return value ? 'true' : 'false';
  if (NUMERIC.has(type) && (typeof value === 'number' || typeof value === 'bigint')) {
    return String(value);
  }
  let text = String(value);
  if (!options.raw && FORMULA_START.test(text)) text = `'${text}`;
  if (text === '' || NEEDS_QUOTES.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvWriter(
  path: string,
  columns: readonly Column[],
  options: CsvOptions = {},
): RowWriter {
  const sink = new FileSink(path);
  sink.write(`${columns.map((c) => csvField(c.name, 'string')).join(',')}\r\n`);
  return {
    write(values) {
      let line = '';
      for (let i = 0; i < columns.length; i++) {
        const c = columns[i]!;
        line += (i ? ',' : '') + csvField(values[i], c.type, options);
      }
      sink.write(`${line}\r\n`);
    },
    finish: () => sink.close(),
    abort() {
      sink.abandon();
      rmSync(path, { force: true });
    },
  };
}
