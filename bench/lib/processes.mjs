// Child processes for the bench suites: a server started as a user starts it, and a command
// timed as a whole process (wall, CPU and peak RSS from GNU time).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Starts `node ARGS` and reads `{"listening": url}` from its first stdout line. */
export async function startChild(args, env) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return {
    pid: child.pid,
    url: JSON.parse(line).listening,
    stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))),
  };
}

export const GNU_TIME = '/usr/bin/time';
export const hasGnuTime = () => existsSync(GNU_TIME);

/** `node ARGS` under GNU time -v: wall s, CPU s, peak RSS MB, stdout, stderr, exit status. */
export function timedNode(args, env = {}) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(GNU_TIME, ['-v', process.execPath, ...args], {
    env: { ...process.env, ...env, NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const field = (name) => Number(new RegExp(`${name}: ([\\d.]+)`).exec(r.stderr)?.[1] ?? NaN);
  return {
    s,
    cpu: field('User time \\(seconds\\)') + field('System time \\(seconds\\)'),
    rssMb: field('Maximum resident set size \\(kbytes\\)') / 1024,
    stdout: r.stdout,
    status: r.status,
    stderr: r.stderr,
  };
}

/** Throws with the end of stderr when a timed command failed. */
export function must(r, what) {
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return r;
}
