/**
 * NDJSON: one JSON object per line (LF), members in schema order. JSON columns (stored as
 * canonical JSON text) are spliced in as objects, booleans are true/false, timestamps are
 * ISO 8601 UTC strings, missing values are null.
 */
import { rmSync } from 'node:fs';
import type { Column } from './columns.js';
import { FileSink } from './file-sink.js';
import type { RowWriter } from './row-writer.js';

export function ndjsonWriter(path: string, columns: readonly Column[]): RowWriter {
  const sink = new FileSink(path);
  const keys = columns.map((c) => `${JSON.stringify(c.name)}:`);
  return {
    write(values) {
      let line = '{';
      for (let i = 0; i < columns.length; i++) {
        const c = columns[i]!;
        const v = values[i];
        line += (i ? ',' : '') + keys[i];
        if (v === null || v === undefined) line += 'null';
        else if (c.type === 'json') line += String(v);
        else if (c.type === 'boolean') line += v ? 'true' : 'false';
        else line += JSON.stringify(v);
      }
      sink.write(`${line}}\n`);
    },
    finish: () => sink.close(),
    abort() {
      sink.abandon();
      rmSync(path, { force: true });
    },
  };
}
