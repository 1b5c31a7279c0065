import type { CommandResult } from '../command.js';
import { wantsColour, type Io } from '../io.js';

/**
 * The one renderer: `--json` prints exactly one JSON document on stdout (snake_case names,
 * the same as the REST bodies); otherwise the command's view, in colour only on a TTY.
 */
export async function render(result: CommandResult, io: Io, json: boolean): Promise<void> {
  if (result.streamed) return;
  if (json || !result.view) {
    io.stdout.write(`${JSON.stringify(result.data, null, json ? 2 : 2)}\n`);
    return;
  }
  const { createUi } = await import('./human.js');
  const text = result.view(await createUi(wantsColour(io)));
  if (text) io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  for (const note of result.notes ?? []) io.stderr.write(`${note}\n`);
}
