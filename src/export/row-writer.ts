import type { Column } from './columns.js';

/** One export file being written, at a temporary name until the export commits. */
export interface RowWriter {
  /** One row: values in the order of the kind's columns (SQLite raw mode). */
  write(values: readonly unknown[]): void;
  /** Completes the file; returns its size and SHA-256 (hex). */
  finish(): { bytes: number; sha256: string };
  /** Drops the file after a failure. */
  abort(): void;
}

export type RowWriterFactory = (path: string, columns: readonly Column[]) => RowWriter;
