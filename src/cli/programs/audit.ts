import type { CommandSpec } from '../command.js';
import { verifyCommand } from '../commands/ledger/verify.js';
import { statusCommand } from '../commands/status/status.js';
import { tracesGetCommand } from '../commands/traces/get.js';
import { tracesListCommand } from '../commands/traces/list.js';
import { versionCommand } from '../commands/version/version.js';

/** Every `audit` command, in help order. Shared commands are the same modules as evid's. */
export const AUDIT_COMMANDS: CommandSpec[] = [
  verifyCommand,
  statusCommand,
  tracesListCommand,
  tracesGetCommand,
  versionCommand,
];
