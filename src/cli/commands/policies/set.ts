import { readFile } from 'node:fs/promises';
import { InvalidTextError, NotFoundError, ValidationError } from '../../../errors.js';
import { defineCommand } from '../../command.js';

export const policiesSetCommand = defineCommand({
  writes: true,
  path: ['policies', 'set'],
  description:
    'replace the live detector policy from a JSON file (refused whole if invalid; ledgered)',
  examples: [
    'evid policies set policy.json',
    'evid policies get --json | jq .policy > p.json && evid policies set p.json',
  ],
  args: ['<file>'],
  async run(ctx, [file]) {
    let bytes: Buffer;
    try {
      bytes = await readFile(file!);
    } catch {
      throw new NotFoundError(`file not found: ${file}`);
    }
    // The same rules as any intake (the REST body parser applies them to PUT): text is
    // valid UTF-8, never replaced, and the document is JSON the ledger can digest.
    const { decodeUtf8, invalidUtf8At } = await import('../../../ingest/json-text.js');
    const { findJsonProblem } = await import('../../../ingest/well-formed.js');
    const text = decodeUtf8(bytes);
    if (text === undefined) {
      throw new InvalidTextError(
        `policy: ${file} is not valid UTF-8 (byte offset ${invalidUtf8At(bytes)}); refused, not replaced`,
      );
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (err) {
      throw new ValidationError(`policy: malformed JSON (${(err as Error).message})`);
    }
    const problem = findJsonProblem(document, 'policy');
    if (problem) throw problem;
    const { livePolicy, setLivePolicy } = await import('../../../detect/live-policy.js');
    const store = ctx.app().store;
    store.transact((tx) => setLivePolicy(tx, document));
    const data = store.read((r) => livePolicy(r));
    return { data, view: () => `policy version ${data.version} is live` };
  },
});
