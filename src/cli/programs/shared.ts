import { lazyCommand as command } from '../command-table.js';

/** The rows both programs list (the same modules): placed in each table's help order. */
export const STATUS = command(
  ['status'],
  async () => (await import('../commands/status/status.js')).statusCommand,
);
export const TRACES_LIST = command(
  ['traces', 'list'],
  async () => (await import('../commands/traces/list.js')).tracesListCommand,
);
export const TRACES_GET = command(
  ['traces', 'get'],
  async () => (await import('../commands/traces/get.js')).tracesGetCommand,
);
export const VERSION = command(
  ['version'],
  async () => (await import('../commands/version/version.js')).versionCommand,
);
