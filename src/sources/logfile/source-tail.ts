import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToServer } from 'node:timers/promises';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { EvidError, KillSwitchActiveError, ValidationError } from '../../errors.js';
import { appendSessions, type SessionInput } from '../../ingest/append.js';
import { validateTraceRequest } from '../../ingest/validate.js';
import { recordRefusal } from '../../killswitch/killswitch.js';
import type { Store } from '../../store/store.js';
import { parseJsonLine } from '../json-line.js';
import { recordSourceError } from '../registry.js';
import { groupSessions, sessionOf } from '../sessions.js';
import type { Source } from '../types.js';
import {
  endsLineAt,
  fileIdOf,
  lineNumberAt,
  locate,
  MAX_LINE_BYTES,
  readLines,
  type Line,
} from './file-reader.js';
import { applyLogFormat, parseLogFormat, type LogFormat } from '../log-format.js';
import { countBadLines, forgetOffset, loadOffsets, saveOffset } from './offsets.js';

/** Where the tailer reports what an operator should see (the server's log). */
export interface TailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A file renamed away is read until it has been quiet this long, then closed. */
export const ROTATE_WAIT_MS = 5_000;
/** After an unexpected failure (store busy, disk), a source waits this long to retry. */
const RETRY_AFTER_MS = 5_000;

interface Tracked {
  fileId: string;
  /** The name its offset is kept under; null once the file was deleted (nothing to resume). */
  path: string | null;
  fd: number;
  offset: number;
  /** Number of the line at `offset`, once known (counted only to name a bad line). */
  line: number | undefined;
  /** Set once the file is no longer matched (rotated away): when it last gave lines. */
  quietSince: number | undefined;
}

/**
 * Tails the files of one logfile source (its endpoint: a path or a glob). Each file is
 * followed by its descriptor and known by dev:inode, so:
 *   - rename + create rotation: the old file is finished by its descriptor (until quiet for
 *     ROTATE_WAIT_MS), then the new one is read from 0;
 *   - copytruncate: a file shorter than the offset, or whose offset no longer follows a
 *     newline, is read again from 0;
 *   - a restart resumes each file at its committed offset, even under a new name.
 * Event ids are `lf_` + a hash of the source, file id, byte offset and the line itself, so
 * a line read twice (a re-read after truncation, a glob matching a rotated copy) is a
 * duplicate, while new content at a reused offset is new.
 */
export class SourceTail {
  private readonly files = new Map<string, Tracked>();
  private readonly format: LogFormat;
  private resumed = false;
  private failedUntil = 0;

  constructor(
    private readonly store: Store,
    readonly source: Source,
    private readonly log: TailLog,
    private readonly now: () => number = Date.now,
  ) {
    // Checked when the source was added (options.ts); a store edited since fails here.
    this.format = parseLogFormat(source.options.format, 'options.format');
  }

  /** One pass: find the files, read what is new in each. Never throws. */
  async tick(stopping: () => boolean): Promise<void> {
    if (this.now() < this.failedUntil) return;
    try {
      this.scan();
      // Rotated files first: their lines are older than the new file's.
      const order = [...this.files.values()].sort(
        (a, b) => Number(b.quietSince !== undefined) - Number(a.quietSince !== undefined),
      );
      for (const t of order) await this.follow(t, stopping);
    } catch (err) {
      const message = `log tailing failed: ${(err as Error).message}`;
      this.log.error({ source_id: this.source.source_id, err }, message);
      recordSourceError(this.store, this.source.source_id, message);
      this.failedUntil = this.now() + RETRY_AFTER_MS;
    }
  }

  close(): void {
    for (const t of this.files.values()) fs.closeSync(t.fd);
    this.files.clear();
  }

  private matchedPaths(): string[] {
    const pattern = this.source.endpoint!;
    if (!isDynamicPattern(pattern)) return [path.resolve(pattern)];
    return globSync(pattern, { absolute: true, onlyFiles: true }).sort();
  }

  private scan(): void {
    const seen = new Set<string>();
    const stored = this.resumed
      ? new Map<string, { file: string; offset: number }>()
      : new Map(
          this.store
            .read((r) => loadOffsets(r, this.source.source_id))
            .map((o) => [o.file_id, o] as const),
        );
    for (const file of this.matchedPaths()) {
      let stat: fs.Stats;
      try {
        stat = fs.statSync(file);
      } catch {
        continue; // not there (yet)
      }
      if (!stat.isFile()) continue;
      const id = fileIdOf(stat);
      seen.add(id);
      const known = this.files.get(id);
      if (known) {
        known.path = file;
        known.quietSince = undefined;
      } else {
        this.open(file, id, stored.get(id)?.offset ?? 0);
      }
    }
    if (!this.resumed) {
      // Files read before a restart and renamed since (rotated while evid was down):
      // finish them from their offset.
      for (const [id, row] of stored) {
        if (seen.has(id)) continue;
        const found = locate(row.file, id);
        if (found) this.open(found, id, row.offset);
        else this.store.transact((tx) => forgetOffset(tx, this.source.source_id, id));
        if (found) this.files.get(id)!.quietSince = this.now();
      }
      this.resumed = true;
    }
    for (const t of this.files.values()) {
      if (seen.has(t.fileId) || t.quietSince !== undefined) continue;
      t.quietSince = this.now();
      t.path = t.path === null ? null : locate(t.path, t.fileId);
      this.log.info(
        { source_id: this.source.source_id, file: t.path, file_id: t.fileId },
        'log file rotated away: finishing it',
      );
    }
  }

  private open(file: string, id: string, offset: number): void {
    const fd = fs.openSync(file, 'r');
    // Replaced between stat and open: take it on the next pass.
    if (fileIdOf(fs.fstatSync(fd)) !== id) return void fs.closeSync(fd);
    this.files.set(id, {
      fileId: id,
      path: file,
      fd,
      offset,
      line: offset === 0 ? 1 : undefined,
      quietSince: undefined,
    });
  }

  private async follow(t: Tracked, stopping: () => boolean): Promise<void> {
    while (!stopping()) {
      const size = fs.fstatSync(t.fd).size;
      if (size < t.offset || (size > t.offset && !endsLineAt(t.fd, t.offset))) {
        this.log.info(
          { source_id: this.source.source_id, file: t.path, offset: t.offset, size },
          'log file truncated (copytruncate): reading it again from the start',
        );
        t.offset = 0;
        t.line = 1;
      }
      const draining = t.quietSince !== undefined;
      const final = draining && this.now() - t.quietSince! >= ROTATE_WAIT_MS;
      const lines = size > t.offset ? readLines(t.fd, t.offset, final) : [];
      if (lines.length === 0) {
        if (final) this.retire(t);
        return;
      }
      this.commit(t, lines);
      if (draining) t.quietSince = this.now();
      // A large file is read in many transactions; requests get their turn between them.
      await yieldToServer();
    }
  }

  private retire(t: Tracked): void {
    fs.closeSync(t.fd);
    this.files.delete(t.fileId);
    this.store.transact((tx) => forgetOffset(tx, this.source.source_id, t.fileId));
  }

  private commit(t: Tracked, lines: Line[]): void {
    const sourceId = this.source.source_id;
    const pieces: SessionInput[] = [];
    const bad: Array<{ index: number; message: string }> = [];
    lines.forEach((line, index) => {
      try {
        const piece = this.sessionOfLine(t, line);
        if (piece) pieces.push(piece);
      } catch (err) {
        if (!(err instanceof EvidError)) throw err;
        bad.push({ index, message: err.message.replace(/^line(: |\.)?/, '') });
      }
    });
    if (bad.length > 0 && t.line === undefined) t.line = lineNumberAt(t.fd, lines[0]!.start);
    const named = bad.map((b) => ({ line: t.line! + b.index, message: b.message }));
    const end = lines[lines.length - 1]!.end;
    const report = appendSessions(this.store, groupSessions(pieces), {
      source: 'logfile',
      sourceId,
      actor: `source:${sourceId}`,
      within: (tx) => {
        if (t.path !== null)
          saveOffset(tx, sourceId, { file: t.path, file_id: t.fileId, offset: end });
        const last = named[named.length - 1];
        if (last)
          countBadLines(tx, sourceId, named.length, `${t.path} line ${last.line}: ${last.message}`);
      },
    });
    t.offset = end;
    if (t.line !== undefined) t.line += lines.length;
    for (const b of named) {
      this.log.warn(
        { source_id: sourceId, file: t.path, line: b.line },
        `bad log line skipped: ${t.path} line ${b.line}: ${b.message}`,
      );
    }
    for (const r of report.rejected) {
      // Validated above, so only the kill switch refuses here: lines of a stopped agent
      // are refused as every intake refuses them, and counted.
      const message = `${t.path}: session ${r.session_id ?? '?'} refused: ${r.error.message}`;
      this.log.warn({ source_id: sourceId, file: t.path }, message);
      recordSourceError(this.store, sourceId, message);
      if (r.error.http_status === 503) {
        recordRefusal(this.store, new KillSwitchActiveError(r.error.message, r.error.details));
      }
    }
  }

  /** One line as a session piece, validated alone so a bad line never spoils its batch. */
  private sessionOfLine(t: Tracked, line: Line): SessionInput | undefined {
    if (line.bytes === undefined) {
      throw new ValidationError(`longer than ${MAX_LINE_BYTES} bytes, not read`);
    }
    if (line.bytes.every((b) => b === 0x20 || b === 0x09)) return undefined;
    let value = parseJsonLine(line.bytes, 'line');
    value = applyLogFormat(value, this.format);
    const bytes = line.bytes;
    let digest: string | undefined;
    const idFor = (i: number): string => {
      // Hashed only for events that carry no event_id of their own.
      digest ??= createHash('sha256')
        .update(`${this.source.source_id}\n${t.fileId}\n${line.start}\n`)
        .update(bytes)
        .digest('hex')
        .slice(0, 40);
      return `lf_${digest}${i > 0 ? `_${i}` : ''}`;
    };
    const piece = sessionOf(value, 'line', idFor);
    validateTraceRequest({
      ...(piece.attributes ?? {}),
      session_id: piece.session_id,
      agent: piece.agent,
      framework: piece.framework ?? null,
      events: piece.events,
    });
    return piece;
  }
}
