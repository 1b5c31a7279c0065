/**
 * Parquet via hyparquet-writer, in bounded row groups: rows are buffered column-wise and
 * written as one row group every ROW_GROUP_ROWS rows or ROW_GROUP_TEXT_BYTES of text,
 * whichever comes first, so memory stays flat whatever the export size. Typed columns:
 * timestamps TIMESTAMP(MILLIS, UTC), token counts INT64, positions and offsets INT32,
 * scores DOUBLE, flags BOOLEAN, text (and JSON text) UTF8 strings; GZIP pages.
 * hyparquet-writer loads only when a parquet export runs.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { closeSync, fchmodSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import type { SchemaElement } from 'hyparquet';
import type { Column } from './columns.js';
import type { RowWriter, RowWriterFactory } from './row-writer.js';

export const ROW_GROUP_ROWS = 50_000;
/** Bytes of text per row group: keeps peak memory flat when rows are large. */
const ROW_GROUP_TEXT_BYTES = 8 << 20;

function schemaElement(c: Column): SchemaElement {
  const repetition_type = c.nullable ? 'OPTIONAL' : 'REQUIRED';
  switch (c.type) {
    case 'string':
    case 'json':
      return { name: c.name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type };
    case 'timestamp':
      return {
        name: c.name,
        type: 'INT64',
        converted_type: 'TIMESTAMP_MILLIS',
        logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
        repetition_type,
      };
    case 'int32':
      return { name: c.name, type: 'INT32', repetition_type };
    case 'int64':
      return { name: c.name, type: 'INT64', repetition_type };
    case 'double':
      return { name: c.name, type: 'DOUBLE', repetition_type };
    case 'boolean':
      return { name: c.name, type: 'BOOLEAN', repetition_type };
  }
}

function convert(value: unknown, type: Column['type']): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'timestamp':
      return Date.parse(String(value));
    case 'int64':
      return BigInt(value as number);
    case 'boolean':
      return Boolean(value);
    case 'string':
    case 'json':
      // Encoded here: small Buffers come from Node's shared pool, where TextEncoder (which
      // hyparquet-writer would use) allocates a separate ArrayBuffer for every value.
      return Buffer.from(String(value), 'utf8');
    default:
      return value;
  }
}

/** Loads hyparquet-writer and returns a factory of parquet RowWriters. */
export async function parquetWriterFactory(): Promise<RowWriterFactory> {
  const { ParquetWriter, fileWriter } = await import('hyparquet-writer');
  return (path, columns) => {
    const schema: SchemaElement[] = [
      { name: 'root', num_children: columns.length },
      ...columns.map(schemaElement),
    ];
    // hyparquet-writer creates its file with the default mode (0644 under a usual umask);
    // created here first at 0600, it keeps that mode when the writer truncates it.
    const fd = openSync(path, 'w', 0o600);
    fchmodSync(fd, 0o600);
    closeSync(fd);
    const writer = new ParquetWriter({
      writer: fileWriter(path),
      schema,
      createdBy: 'evid export',
      // Native zlib at level 1: measured cheaper than hyparquet's pure-JS Snappy and about a
      // quarter smaller; every Parquet reader supports GZIP.
      codec: 'GZIP',
      compressors: { GZIP: (bytes: Uint8Array) => gzipSync(bytes, { level: 1 }) },
    });
    let buffers: unknown[][] = columns.map(() => []);
    let rows = 0;
    let textBytes = 0;
    const flush = (): void => {
      if (rows === 0) return;
      writer.write({
        columnData: columns.map((c, i) => ({
          name: c.name,
          data: buffers[i]!,
          // Long free text: no dictionary attempt and no min/max statistics (useless there).
          ...(c.long ? { encoding: 'PLAIN' as const, statistics: false } : {}),
        })),
        rowGroupSize: rows,
      });
      buffers = columns.map(() => []);
      rows = 0;
      textBytes = 0;
    };
    const writerApi: RowWriter = {
      write(values) {
        for (let i = 0; i < columns.length; i++) {
          const v = convert(values[i], columns[i]!.type);
          if (v instanceof Uint8Array) textBytes += v.length;
          buffers[i]!.push(v);
        }
        rows++;
        if (rows >= ROW_GROUP_ROWS || textBytes >= ROW_GROUP_TEXT_BYTES) flush();
      },
      finish() {
        flush();
        writer.finish();
        return hashFileSync(path);
      },
      abort() {
        rmSync(path, { force: true });
      },
    };
    return writerApi;
  };
}

function hashFileSync(path: string): { bytes: number; sha256: string } {
  const hash = createHash('sha256');
  const buf = Buffer.allocUnsafe(1 << 20);
  const fd = openSync(path, 'r');
  try {
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) hash.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return { bytes: statSync(path).size, sha256: hash.digest('hex') };
}
