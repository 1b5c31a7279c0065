/**
 * CSV per RFC 4180: a header row, CRLF line ends, fields quoted when they hold a quote,
 * comma, CR or LF (quotes doubled). A missing value is an empty unquoted field and an empty
 * string is `""`, so readers can tell them apart (DuckDB: allow_quoted_nulls = false).
 * Values are written as stored, never altered (no spreadsheet-formula escaping).
 */
import { rmSync } from 'node:fs';
import type { Column } from './columns.js';
import { FileSink } from './file-sink.js';
import type { RowWriter } from './row-writer.js';

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: unknown, type: Column['type']): string {
  if (value === null || value === undefined) return '';
  if (type === 'boolean') return value ? 'true' : 'false';
  const text = String(value);
  if (text === '' || NEEDS_QUOTES.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvWriter(path: string, columns: readonly Column[]): RowWriter {
  const sink = new FileSink(path);
  sink.write(`${columns.map((c) => csvField(c.name, 'string')).join(',')}\r\n`);
  return {
    write(values) {
      let line = '';
      for (let i = 0; i < columns.length; i++) {
        const c = columns[i]!;
        line += (i ? ',' : '') + csvField(values[i], c.type);
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
