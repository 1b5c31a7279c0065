/**
 * Who runs a job row (migration 017): this process's identity as `host:pid:start`, and
 * whether the process such an identity names is still alive. `start` is the process's
 * start time as the kernel counts it (boot id and clock ticks since boot, from /proc), so a
 * pid the kernel has since given to another process is not mistaken for the owner.
 *
 * Only a process on this host can be judged: a row another host owns (a data directory on
 * a shared volume) is `elsewhere`, never ended from here. Where /proc cannot be read (not
 * Linux), a live pid counts as the owner: a row is ended only when its owner surely stopped.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface Runner {
  host: string;
  pid: number;
  start: string;
}

export type RunnerState = 'alive' | 'stopped' | 'elsewhere';

/** The boot id's first 8 hex digits: ticks since boot restart at every boot. */
function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')
      .trim()
      .replace(/-/g, '')
      .slice(0, 8);
  } catch {
    return undefined;
  }
}

/** Field 22 (starttime) and field 3 (state) of /proc/<pid>/stat; the name may hold spaces. */
function procStat(pid: number): { ticks: string; state: string } | undefined {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = fields[19];
  const state = fields[0];
  return ticks && state ? { ticks, state } : undefined;
}

let self: Runner | undefined;

/** This process. Its start comes from /proc, else from its own clock (seconds since 1970). */
export function thisRunner(): Runner {
  if (self) return self;
  let start: string | undefined;
  try {
    const boot = bootId();
    const stat = procStat(process.pid);
    if (boot && stat) start = `${boot}-${stat.ticks}`;
  } catch {
    // not Linux: below
  }
  start ??= `t${Math.round(Date.now() / 1000 - process.uptime())}`;
  self = { host: hostname(), pid: process.pid, start };
  return self;
}

/** `host:pid:start`, the `runner` column. */
export const formatRunner = (r: Runner = thisRunner()): string => `${r.host}:${r.pid}:${r.start}`;

/** The `runner` column read back; undefined for a value this program did not write. */
export function parseRunner(text: string | null): Runner | undefined {
  const m = /^(.+):(\d+):([0-9a-z-]+)$/.exec(text ?? '');
  return m ? { host: m[1]!, pid: Number(m[2]), start: m[3]! } : undefined;
}

/**
 * A tag for temporary file names (`r<host hash>-<pid>-<start>`): which process wrote the
 * file, so leftovers of a stopped one can be told from a live build's (src/recovery/).
 */
export const tempTag = (r: Runner = thisRunner()): string =>
  `r${hostTag(r.host)}-${r.pid}-${r.start}`;

const hostTag = (host: string): string =>
  createHash('sha256').update(host).digest('hex').slice(0, 8);

/**
 * The tag of a temporary name this program gave (`<file>.<tag>.<8 hex>.tmp`, a pack's
 * work directory `.<pack id>.<tag>.work-<6 chars>`), read from the end so that a pack id
 * cannot pose as a tag; undefined for any other name (never a user's file).
 */
export function parseTempTag(
  name: string,
): { hostTag: string; pid: number; start: string } | undefined {
  const m =
    /\.r([0-9a-f]{8})-(\d+)-([0-9a-z]+(?:-\d+)?)(?:\.[0-9a-f]{8}\.tmp|\.work-[A-Za-z0-9]{6})$/.exec(
      name,
    );
  return m ? { hostTag: m[1]!, pid: Number(m[2]), start: m[3]! } : undefined;
}

/** The temp tag's process, as runnerState judges it. */
export function tempTagState(name: string): RunnerState | undefined {
  const tag = parseTempTag(name);
  if (!tag) return undefined;
  const me = thisRunner();
  if (tag.hostTag !== hostTag(me.host)) return 'elsewhere';
  return runnerState({ host: me.host, pid: tag.pid, start: tag.start });
}

/**
 * Whether the process `r` names still runs: `elsewhere` for another host's, `stopped` when
 * the pid is gone, a zombie, or now another process (a different start time).
 */
export function runnerState(r: Runner): RunnerState {
  const me = thisRunner();
  if (r.host !== me.host) return 'elsewhere';
  if (r.pid === me.pid) return r.start === me.start ? 'alive' : 'stopped';
  try {
    process.kill(r.pid, 0);
  } catch (err) {
    // EPERM: it exists, but belongs to another user.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return 'stopped';
  }
  if (r.start.startsWith('t')) return 'alive'; // no /proc where it was written: cannot tell
  let stat: { ticks: string; state: string } | undefined;
  try {
    stat = procStat(r.pid);
  } catch (err) {
    // Gone between the two looks; anything else (no /proc) cannot tell.
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'stopped' : 'alive';
  }
  if (!stat) return 'alive';
  if (stat.state === 'Z' || stat.state === 'X') return 'stopped';
  return `${bootId()}-${stat.ticks}` === r.start ? 'alive' : 'stopped';
}
