import { defineCommand } from '../../command.js';
import { writeOutputFile } from './output-file.js';

export const publicKeyCommand = defineCommand({
  path: ['public-key'],
  description:
    "print the store's current ledger public key as PEM (for `audit verify --key` and offline pack checks); --json adds the key chain",
  examples: [
    'audit public-key',
    'audit public-key --output ledger-public.pem',
    'audit public-key --json',
  ],
  options: (cmd) => cmd.option('-o, --output <file>', 'write the PEM to this file instead'),
  async run(ctx, _args, opts) {
    const { ledgerPublicKeys } = await import('../../../store/ledger-public.js');
    const store = ctx.app().readonlyStore();
    try {
      const data = store.read((r) => ledgerPublicKeys(r, store.origin));
      const output = typeof opts.output === 'string' ? opts.output : undefined;
      if (output) writeOutputFile(output, data.pem);
      return {
        data: output ? { ...data, output } : data,
        view: () => (output ? `wrote ${output} (key ${data.fingerprint})` : data.pem.trimEnd()),
      };
    } finally {
      store.close();
    }
  },
});
