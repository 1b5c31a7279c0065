import { createKeyCommand } from '../admin/keys-create.js';

export const tokenCreateCommand = createKeyCommand(
  ['token', 'create'],
  [
    'audit token create --name ci --role ingest',
    'audit token create --name auditor --role viewer --json',
  ],
);
