import type { CommandSpec } from '../command.js';
import { adminKeysCreateCommand } from '../commands/admin/keys-create.js';
import { adminKeysListCommand } from '../commands/admin/keys-list.js';
import { adminKeysRevokeCommand } from '../commands/admin/keys-revoke.js';
import { adminKeysRotateLedgerCommand } from '../commands/admin/keys-rotate-ledger.js';
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
import { packCommand } from '../commands/pack/pack.js';
import { exportCommand } from '../commands/export/export.js';
import { retentionSetCommand } from '../commands/retention/set.js';
import { retentionStatusCommand } from '../commands/retention/status.js';
import { retentionEnforceCommand } from '../commands/retention/enforce.js';
import { retentionHoldAddCommand } from '../commands/retention/hold-add.js';
import { retentionHoldListCommand } from '../commands/retention/hold-list.js';
import { retentionHoldReleaseCommand } from '../commands/retention/hold-release.js';
import { versionCommand } from '../commands/version/version.js';

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
  sourcesAddCommand,
  sourcesListCommand,
  sourcesRemoveCommand,
  sourcesTestCommand,
  adminKeysCreateCommand,
  adminKeysListCommand,
  adminKeysRevokeCommand,
  adminKeysRotateLedgerCommand,
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
