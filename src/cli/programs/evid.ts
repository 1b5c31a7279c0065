import type { CommandSpec } from '../command.js';
import { adminKeysCreateCommand } from '../commands/admin/keys-create.js';
import { adminKeysListCommand } from '../commands/admin/keys-list.js';
import { adminKeysRevokeCommand } from '../commands/admin/keys-revoke.js';
import { adminKeysRotateLedgerCommand } from '../commands/admin/keys-rotate-ledger.js';
import { adminUsersListCommand } from '../commands/admin/users-list.js';
import { adminUsersAddCommand } from '../commands/admin/users-add.js';
import { adminUsersRemoveCommand } from '../commands/admin/users-remove.js';
import { adminUsersSetRoleCommand } from '../commands/admin/users-set-role.js';
import { adminUsersResetPasswordCommand } from '../commands/admin/users-reset-password.js';
import { adminLicenseCommand } from '../commands/admin/license.js';
import { adminLogsCommand } from '../commands/admin/logs.js';
import { adminBackupCommand } from '../commands/admin/backup.js';
import { adminRestoreCommand } from '../commands/admin/restore.js';
import { evidServeCommand } from '../commands/serve/serve.js';
import { analyzeCommand } from '../commands/analyze/analyze.js';
import { findingsGetCommand } from '../commands/findings/get.js';
import { findingsListCommand } from '../commands/findings/list.js';
import { findingsUpdateCommand } from '../commands/findings/update.js';
import { policiesGetCommand } from '../commands/policies/get.js';
import { policiesSetCommand } from '../commands/policies/set.js';
import { statusCommand } from '../commands/status/status.js';
import { tracesGetCommand } from '../commands/traces/get.js';
import { tracesIngestCommand } from '../commands/traces/ingest.js';
import { tracesListCommand } from '../commands/traces/list.js';
import { sourcesAddCommand } from '../commands/sources/add.js';
import { sourcesListCommand } from '../commands/sources/list.js';
import { sourcesRemoveCommand } from '../commands/sources/remove.js';
import { sourcesTestCommand } from '../commands/sources/test.js';
import { siemAddCommand } from '../commands/siem/add.js';
import { siemFlushCommand } from '../commands/siem/flush.js';
import { siemListCommand } from '../commands/siem/list.js';
import { siemRemoveCommand } from '../commands/siem/remove.js';
import { siemStatusCommand } from '../commands/siem/status.js';
import { siemTestCommand } from '../commands/siem/test.js';
import { packCommand } from '../commands/pack/pack.js';
import { exportCommand } from '../commands/export/export.js';
import { retentionSetCommand } from '../commands/retention/set.js';
import { retentionStatusCommand } from '../commands/retention/status.js';
import { retentionEnforceCommand } from '../commands/retention/enforce.js';
import { retentionHoldAddCommand } from '../commands/retention/hold-add.js';
import { retentionHoldListCommand } from '../commands/retention/hold-list.js';
import { retentionHoldReleaseCommand } from '../commands/retention/hold-release.js';
import { versionCommand } from '../commands/version/version.js';
import { workflowsAddCommand } from '../commands/workflows/add.js';
import { workflowsListCommand } from '../commands/workflows/list.js';
import { agentsListCommand } from '../commands/agents/list.js';
import { executeCommand } from '../commands/execute.js';

/** Every `evid` command, in help order. */
export const EVID_COMMANDS: CommandSpec[] = [
  statusCommand,
  tracesIngestCommand,
  tracesListCommand,
  tracesGetCommand,
  findingsListCommand,
  findingsGetCommand,
  findingsUpdateCommand,
  policiesGetCommand,
  policiesSetCommand,
  analyzeCommand,
  evidServeCommand,
  workflowsAddCommand,
  workflowsListCommand,
  agentsListCommand,
  executeCommand,
  sourcesAddCommand,
  sourcesListCommand,
  sourcesRemoveCommand,
  sourcesTestCommand,
  siemAddCommand,
  siemListCommand,
  siemRemoveCommand,
  siemStatusCommand,
  siemTestCommand,
  siemFlushCommand,
  adminKeysCreateCommand,
  adminKeysListCommand,
  adminKeysRevokeCommand,
  adminKeysRotateLedgerCommand,
  adminUsersListCommand,
  adminUsersAddCommand,
  adminUsersRemoveCommand,
  adminUsersSetRoleCommand,
  adminUsersResetPasswordCommand,
  adminLicenseCommand,
  adminLogsCommand,
  adminBackupCommand,
  adminRestoreCommand,
  packCommand,
  exportCommand,
  retentionSetCommand,
  retentionStatusCommand,
  retentionEnforceCommand,
  retentionHoldAddCommand,
  retentionHoldListCommand,
  retentionHoldReleaseCommand,
  versionCommand,
];
