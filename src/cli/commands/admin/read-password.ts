import { UsageError } from '../../../errors.js';
import type { Io } from '../../io.js';

/**
 * The new password, read from stdin: never an argument, since arguments land in shell
 * history and in `ps` output. One trailing newline is dropped (`echo` and here-strings add
 * it). A terminal on stdin is refused rather than echoing the password as it is typed.
 */
export async function readPasswordFromStdin(io: Io): Promise<string> {
  if (io.stdin.isTTY) {
    throw new UsageError(
      'the password is read from stdin, which is a terminal: pipe it in (e.g. `read -rs P && printf %s "$P" | evid admin users add ...`)',
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer));
  const text = Buffer.concat(chunks).toString('utf8');
  const password = text.replace(/\r?\n$/, '');
  if (password === '') throw new UsageError('no password on stdin');
  return password;
}
