import { lazyCommand as command, type CommandEntry } from '../command-table.js';
import { STATUS, TRACES_GET, TRACES_LIST, VERSION } from './shared.js';

/**
 * Every `evid` command, in help order.
 * Each command's module is imported only when it runs (or for help): see command-table.ts.
 */
export const EVID_COMMANDS: CommandEntry[] = [
  STATUS,
  command(
    ['traces', 'ingest'],
    async () => (await import('../commands/traces/ingest.js')).tracesIngestCommand,
  ),
  TRACES_LIST,
  TRACES_GET,
  command(
    ['findings', 'list'],
    async () => (await import('../commands/findings/list.js')).findingsListCommand,
  ),
  command(
    ['findings', 'get'],
    async () => (await import('../commands/findings/get.js')).findingsGetCommand,
  ),
  command(
    ['findings', 'update'],
    async () => (await import('../commands/findings/update.js')).findingsUpdateCommand,
  ),
  command(
    ['policies', 'get'],
    async () => (await import('../commands/policies/get.js')).policiesGetCommand,
  ),
  command(
    ['policies', 'set'],
    async () => (await import('../commands/policies/set.js')).policiesSetCommand,
  ),
  command(['analyze'], async () => (await import('../commands/analyze/analyze.js')).analyzeCommand),
  command(['serve'], async () => (await import('../commands/serve/serve.js')).evidServeCommand),
  command(
    ['workflows', 'add'],
    async () => (await import('../commands/workflows/add.js')).workflowsAddCommand,
  ),
  command(
    ['workflows', 'list'],
    async () => (await import('../commands/workflows/list.js')).workflowsListCommand,
  ),
  command(
    ['agents', 'list'],
    async () => (await import('../commands/agents/list.js')).agentsListCommand,
  ),
  command(['execute'], async () => (await import('../commands/execute.js')).executeCommand),
  command(
    ['sources', 'add'],
    async () => (await import('../commands/sources/add.js')).sourcesAddCommand,
  ),
  command(
    ['sources', 'list'],
    async () => (await import('../commands/sources/list.js')).sourcesListCommand,
  ),
  command(
    ['sources', 'remove'],
    async () => (await import('../commands/sources/remove.js')).sourcesRemoveCommand,
  ),
  command(
    ['sources', 'test'],
    async () => (await import('../commands/sources/test.js')).sourcesTestCommand,
  ),
  command(['siem', 'add'], async () => (await import('../commands/siem/add.js')).siemAddCommand),
  command(['siem', 'list'], async () => (await import('../commands/siem/list.js')).siemListCommand),
  command(
    ['siem', 'remove'],
    async () => (await import('../commands/siem/remove.js')).siemRemoveCommand,
  ),
  command(
    ['siem', 'status'],
    async () => (await import('../commands/siem/status.js')).siemStatusCommand,
  ),
  command(['siem', 'test'], async () => (await import('../commands/siem/test.js')).siemTestCommand),
  command(
    ['siem', 'flush'],
    async () => (await import('../commands/siem/flush.js')).siemFlushCommand,
  ),
  command(
    ['admin', 'keys', 'create'],
    async () => (await import('../commands/admin/keys-create.js')).adminKeysCreateCommand,
  ),
  command(
    ['admin', 'keys', 'list'],
    async () => (await import('../commands/admin/keys-list.js')).adminKeysListCommand,
  ),
  command(
    ['admin', 'keys', 'revoke'],
    async () => (await import('../commands/admin/keys-revoke.js')).adminKeysRevokeCommand,
  ),
  command(
    ['admin', 'keys', 'rotate-ledger'],
    async () =>
      (await import('../commands/admin/keys-rotate-ledger.js')).adminKeysRotateLedgerCommand,
  ),
  command(
    ['admin', 'users', 'list'],
    async () => (await import('../commands/admin/users-list.js')).adminUsersListCommand,
  ),
  command(
    ['admin', 'users', 'add'],
    async () => (await import('../commands/admin/users-add.js')).adminUsersAddCommand,
  ),
  command(
    ['admin', 'users', 'remove'],
    async () => (await import('../commands/admin/users-remove.js')).adminUsersRemoveCommand,
  ),
  command(
    ['admin', 'users', 'set-role'],
    async () => (await import('../commands/admin/users-set-role.js')).adminUsersSetRoleCommand,
  ),
  command(
    ['admin', 'users', 'reset-password'],
    async () =>
      (await import('../commands/admin/users-reset-password.js')).adminUsersResetPasswordCommand,
  ),
  command(
    ['admin', 'license'],
    async () => (await import('../commands/admin/license.js')).adminLicenseCommand,
  ),
  command(
    ['admin', 'logs'],
    async () => (await import('../commands/admin/logs.js')).adminLogsCommand,
  ),
  command(
    ['admin', 'backup'],
    async () => (await import('../commands/admin/backup.js')).adminBackupCommand,
  ),
  command(
    ['admin', 'restore'],
    async () => (await import('../commands/admin/restore.js')).adminRestoreCommand,
  ),
  command(['pack'], async () => (await import('../commands/pack/pack.js')).packCommand),
  command(['export'], async () => (await import('../commands/export/export.js')).exportCommand),
  command(
    ['retention', 'set'],
    async () => (await import('../commands/retention/set.js')).retentionSetCommand,
  ),
  command(
    ['retention', 'status'],
    async () => (await import('../commands/retention/status.js')).retentionStatusCommand,
  ),
  command(
    ['retention', 'enforce'],
    async () => (await import('../commands/retention/enforce.js')).retentionEnforceCommand,
  ),
  command(
    ['retention', 'hold', 'add'],
    async () => (await import('../commands/retention/hold-add.js')).retentionHoldAddCommand,
  ),
  command(
    ['retention', 'hold', 'list'],
    async () => (await import('../commands/retention/hold-list.js')).retentionHoldListCommand,
  ),
  command(
    ['retention', 'hold', 'release'],
    async () => (await import('../commands/retention/hold-release.js')).retentionHoldReleaseCommand,
  ),
  VERSION,
];
