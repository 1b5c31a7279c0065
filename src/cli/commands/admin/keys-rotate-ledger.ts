import { defineCommand } from '../../command.js';

export const adminKeysRotateLedgerCommand = defineCommand({
  writes: true,
  path: ['admin', 'keys', 'rotate-ledger'],
  description:
    "replace the ledger signing key: a ledger entry signed by the old key names the new one, so the store's first fingerprint stays a valid pin",
  examples: ['evid admin keys rotate-ledger', 'evid admin keys rotate-ledger --json'],
  async run(ctx) {
    const { rotateLedgerKey } = await import('../../../store/ledger-keys.js');
    const data = rotateLedgerKey(ctx.app().store);
    return {
      data,
      view: (ui) =>
        ui.fields([
          ['previous key', data.previous_fingerprint],
          ['new key', data.fingerprint],
          ['ledger entry', data.seq],
        ]),
      notes: [
        'pins of earlier fingerprints stay valid; save a new checkpoint (`audit checkpoint`) outside the store',
      ],
    };
  },
});
