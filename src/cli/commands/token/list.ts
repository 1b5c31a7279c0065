import { listKeysCommand } from '../admin/keys-list.js';

export const tokenListCommand = listKeysCommand(
  ['token', 'list'],
  ['audit token list', 'audit token list --all --json'],
);
