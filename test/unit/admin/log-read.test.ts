import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { followLogs, readLogs, type ReadPositions } from '../../../src/admin/log-read.js';

const line = (msg: string, time: number) => `${JSON.stringify({ level: 30, time, msg })}\n`;

describe('admin logs --follow', () => {
  it('goes on exactly where the first read stopped: a line written in between is shown once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evid-logread-'));
    try {
      mkdirSync(join(dir, 'logs'));
      const file = join(dir, 'logs', 'evid-serve.log');
      // The last line is still being written (no newline): the follower's to show.
      writeFileSync(file, line('one', 1) + '{"level":30,"time":2,"msg":"tw');
      const positions: ReadPositions = new Map();
      expect(readLogs(dir, undefined, positions).map((l) => l.entry.msg)).toEqual(['one']);
      appendFileSync(file, `o"}\n${line('three', 3)}`);
      const seen: unknown[] = [];
      const stop = new AbortController();
      const following = followLogs(
        dir,
        (l) => seen.push(l.entry.msg),
        stop.signal,
        undefined,
        positions,
      );
      // Past one poll (200 ms).
      await new Promise((resolve) => setTimeout(resolve, 600));
      stop.abort();
      await following;
      expect(seen).toEqual(['two', 'three']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
