import { describe, expect, it } from 'vitest';
import { progressText, startProgress } from '../../../src/cli/output/progress.js';
import type { Io } from '../../../src/cli/io.js';

describe('progressText', () => {
  it.each([
    [
      { bytes: 120_500_000, total: 348_000_000, items: 10_234, seconds: 5 },
      '120.5 MB of 348.0 MB (34%), 10,234 traces, 24.1 MB/s, ETA 10s',
    ],
    [
      { bytes: 24_100_000, total: 348_000_000, items: 2, seconds: 1 },
      '24.1 MB of 348.0 MB (6%), 2 traces, 24.1 MB/s, ETA 14s',
    ],
    [
      { bytes: 1_000_000, total: 200_000_000, items: 9, seconds: 1 },
      '1.0 MB of 200.0 MB (0%), 9 traces, 1.0 MB/s, ETA 3m19s',
    ],
    [{ bytes: 5_000_000, items: 40, seconds: 2 }, '5.0 MB, 40 traces, 2.5 MB/s'],
    [{ bytes: 0, total: 10, items: 0, seconds: 0 }, '0.0 MB of 0.0 MB (0%), 0 traces'],
  ])('%j', (figures, text) => {
    expect(progressText(figures)).toBe(text);
  });
});

describe('startProgress', () => {
  const io = (isTTY: boolean, env: Record<string, string> = {}) => {
    const out = { text: '' };
    const stream = { write: (s: string) => (out.text += s), isTTY };
    return { out, io: { stdout: stream, stderr: stream, stdin: process.stdin, env } as Io };
  };

  it('redraws at most every 250 ms, then erases its line', () => {
    const { out, io: tty } = io(true);
    let now = 0;
    const p = startProgress(tty, 'ingesting', undefined, () => now);
    now = 1000;
    p.update(1_000_000, 1);
    now = 1100;
    p.update(2_000_000, 2); // too soon: not drawn
    now = 1300;
    p.update(3_000_000, 3);
    p.stop();
    expect(out.text.split('\r').filter(Boolean)).toEqual([
      'ingesting: 1.0 MB, 1 traces, 1.0 MB/s\x1b[K',
      'ingesting: 3.0 MB, 3 traces, 2.3 MB/s\x1b[K',
      '\x1b[K',
    ]);
  });

  it.each([
    ['not a TTY', false, {}],
    ['under CI', true, { CI: 'true' }],
  ])('%s: writes nothing', (_name, isTTY, env) => {
    const { out, io: quiet } = io(isTTY, env);
    const p = startProgress(quiet, 'ingesting', 100);
    p.update(50, 1);
    p.stop();
    expect(out.text).toBe('');
  });
});
