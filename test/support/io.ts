import { Readable } from 'node:stream';
import type { Io } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

export interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output, as the bins would but without spawning. */
export async function runCli(
  bin: 'evid' | 'audit',
  argv: string[],
  options: { dataDir: string; stdin?: string; tty?: boolean; env?: Record<string, string> },
): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const stdin = Readable.from(
    options.stdin === undefined ? [] : [Buffer.from(options.stdin)],
  ) as Io['stdin'];
  const io: Io = {
    stdout: { write: (s: string) => (stdout += s), isTTY: options.tty ?? false },
    stderr: { write: (s: string) => (stderr += s), isTTY: options.tty ?? false },
    stdin,
    env: { EVID_DATA_DIR: options.dataDir, ...options.env },
  };
  const code = await main(argv, bin, io);
  return { code, stdout, stderr };
}
