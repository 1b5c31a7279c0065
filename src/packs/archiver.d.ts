// archiver 8 ships no types; this declares the part the pack writer uses.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  export interface ZipEntryData {
    name: string;
    date?: Date | string;
    mode?: number;
    store?: boolean;
  }

  export class ZipArchive extends Transform {
    constructor(options?: {
      zlib?: { level?: number };
      forceLocalTime?: boolean;
      forceZip64?: boolean;
      store?: boolean;
      comment?: string;
      /** Files stat'ed at once (default 4); entries are queued as their stats return. */
      statConcurrency?: number;
    });
    append(source: Readable | Buffer | string, data: ZipEntryData): this;
    file(path: string, data: ZipEntryData): this;
    finalize(): Promise<void>;
    pointer(): number;
  }
}
