import { readFile } from 'node:fs/promises';
import { NotFoundError, ValidationError } from '../../../errors.js';
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
    let text: string;
    try {
      text = await readFile(file!, 'utf8');
    } catch {
      throw new NotFoundError(`file not found: ${file}`);
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (err) {
      throw new ValidationError(`policy: malformed JSON (${(err as Error).message})`);
    }
    const { livePolicy, setLivePolicy } = await import('../../../detect/live-policy.js');
    const store = ctx.app().store;
    store.transact((tx) => setLivePolicy(tx, document));
    const data = store.read((r) => livePolicy(r));
    return { data, view: () => `policy version ${data.version} is live` };
  },
});
