import { revokeKeyCommand } from '../admin/keys-revoke.js';

export const tokenRevokeCommand = revokeKeyCommand(
  ['token', 'revoke'],
  ['audit token revoke ak_01JD2Y7Q0000000000000000'],
);
