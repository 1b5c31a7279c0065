import type { CommandSpec } from '../command.js';
import { killSwitchActivateCommand } from '../commands/kill-switch/activate.js';
import { killSwitchDeactivateCommand } from '../commands/kill-switch/deactivate.js';
import { killSwitchStatusCommand } from '../commands/kill-switch/status.js';
import { auditServeCommand } from '../commands/serve/serve.js';
import { tokenCreateCommand } from '../commands/token/create.js';
import { tokenListCommand } from '../commands/token/list.js';
import { tokenRevokeCommand } from '../commands/token/revoke.js';
import { verifyCommand } from '../commands/ledger/verify.js';
import { checkpointCommand } from '../commands/ledger/checkpoint.js';
import { publicKeyCommand } from '../commands/ledger/public-key.js';
import { statusCommand } from '../commands/status/status.js';
import { tracesGetCommand } from '../commands/traces/get.js';
import { tracesListCommand } from '../commands/traces/list.js';
import { evidenceBuildCommand } from '../commands/evidence/build.js';
import { evidenceListCommand } from '../commands/evidence/list.js';
import { evidenceVerifyCommand } from '../commands/evidence/verify.js';
import { complianceCommand } from '../commands/compliance/score.js';
import { reportCommand } from '../commands/report/generate.js';
import { versionCommand } from '../commands/version/version.js';

/** Every `audit` command, in help order. Shared commands are the same modules as evid's. */
export const AUDIT_COMMANDS: CommandSpec[] = [
  verifyCommand,
  checkpointCommand,
  publicKeyCommand,
  statusCommand,
  tracesListCommand,
  tracesGetCommand,
  auditServeCommand,
  killSwitchStatusCommand,
  killSwitchActivateCommand,
  killSwitchDeactivateCommand,
  tokenCreateCommand,
  tokenListCommand,
  tokenRevokeCommand,
  evidenceListCommand,
  evidenceBuildCommand,
  evidenceVerifyCommand,
  complianceCommand,
  reportCommand,
  versionCommand,
];
