import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

export interface ZipInput {
  /** Name inside the zip. */
  name: string;
  /** File on disk to add. */
  path: string;
}

/**
 * Writes a zip of files with fixed entry dates and modes, so the same inputs give the same
 * bytes (archiver writes UTC DOS times unless told otherwise). archiver loads only here.
 */
export async function writeZip(out: string, files: readonly ZipInput[], date: Date): Promise<void> {
  const { ZipArchive } = await import('archiver');
  // statConcurrency 1: archiver stats files four at a time and queues each entry when its
  // stat returns, so entries could land in any order (a flaky "same bytes" test showed it).
  const archive = new ZipArchive({ zlib: { level: 1 }, statConcurrency: 1 });
  const done = pipeline(archive, createWriteStream(out, { mode: 0o600 }));
  for (const file of files) archive.file(file.path, { name: file.name, date, mode: 0o644 });
  await Promise.all([archive.finalize(), done]);
}
