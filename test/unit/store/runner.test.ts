import { execa } from 'execa';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  formatRunner,
  parseRunner,
  parseTempTag,
  runnerState,
  tempTag,
  tempTagState,
  thisRunner,
} from '../../../src/store/runner.js';

/** A process that has exited: its pid is gone (or, rarely, another process's by now). */
async function exitedPid(): Promise<number> {
  const child = execa(process.execPath, ['-e', '']);
  await child;
  return child.pid!;
}

describe('runner identity (migration 017)', () => {
  it('reads back what it writes; other values are not a runner', () => {
    const me = thisRunner();
    expect(me).toMatchObject({ host: hostname(), pid: process.pid });
    expect(parseRunner(formatRunner())).toEqual(me);
    expect(parseRunner(null)).toBeUndefined();
    expect(parseRunner('vm:12')).toBeUndefined();
    expect(parseRunner('vm:x:471d213b-5')).toBeUndefined();
  });

  it('this process is alive; another host is elsewhere; a gone pid or another start is stopped', async () => {
    const me = thisRunner();
    expect(runnerState(me)).toBe('alive');
    expect(runnerState({ ...me, host: `not-${me.host}` })).toBe('elsewhere');
    expect(runnerState({ ...me, start: '00000000-1' })).toBe('stopped');
    expect(runnerState({ ...me, pid: await exitedPid() })).toBe('stopped');
    // pid 1 is alive, but it is not the process that started at this time.
    expect(runnerState({ ...me, pid: 1, start: '00000000-1' })).toBe('stopped');
  });

  it('temp names: only the names this program gives, read from the end', () => {
    const tag = tempTag();
    expect(parseTempTag(`report.html.${tag}.0a1b2c3d.tmp`)).toMatchObject({ pid: process.pid });
    expect(parseTempTag(`.pk_1.${tag}.work-AbC123`)).toMatchObject({ pid: process.pid });
    expect(tempTagState(`report.html.${tag}.0a1b2c3d.tmp`)).toBe('alive');
    // A pack id made to look like a dead process's tag does not speak for the real one.
    const posing = `.x.r00000000-1-00000000-1.y.${tag}.work-AbC123`;
    expect(parseTempTag(posing)).toMatchObject({ pid: process.pid });
    for (const name of [
      'notes.tmp',
      `report.html.${tag}.tmp`,
      `report.html.${tag}.0a1b2c3d.tmp.bak`,
      `${tag}.zip`,
      'report.html.4242.0a1b2c3d.tmp',
    ]) {
      expect(parseTempTag(name), name).toBeUndefined();
    }
    expect(tempTagState(`report.html.r00000000-1-00000000-1.0a1b2c3d.tmp`)).toBe('elsewhere');
  });
});
