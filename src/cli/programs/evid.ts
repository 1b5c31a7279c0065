import type { CommandSpec } from '../command.js';
import { statusCommand } from '../commands/status/status.js';
import { tracesGetCommand } from '../commands/traces/get.js';
import { tracesIngestCommand } from '../commands/traces/ingest.js';
import { tracesListCommand } from '../commands/traces/list.js';
import { versionCommand } from '../commands/version/version.js';

/** Every `evid` command, in help order. */
export const EVID_COMMANDS: CommandSpec[] = [
  statusCommand,
  tracesIngestCommand,
  tracesListCommand,
  tracesGetCommand,
  versionCommand,
];
