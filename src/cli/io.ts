/** Where a command's output goes. Tests pass a captured Io; the bins pass the process's. */
export interface Io {
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export function processIo(): Io {
  // `evid traces list | head`: once the reader is gone, the rest of the output has nowhere
  // to go. Stop quietly, as Unix tools do, instead of dying on an unhandled EPIPE.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
}

/** Colour only on a TTY, never with NO_COLOR (https://no-color.org) or under FORCE_COLOR=0. */
export function wantsColour(io: Io): boolean {
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  if (io.env.FORCE_COLOR === '0') return false;
  return Boolean(io.stdout.isTTY);
}

/** Spinners only on an interactive stderr, never in CI. */
export function wantsSpinner(io: Io): boolean {
  return Boolean(io.stderr.isTTY) && !io.env.CI;
}
