import { lazyCommand as command, type CommandEntry } from '../command-table.js';
import { STATUS, TRACES_GET, TRACES_LIST, VERSION } from './shared.js';

/**
 * Every `audit` command, in help order. Shared commands are the same modules as evid's.
 * Each command's module is imported only when it runs (or for help): see command-table.ts.
 */
export const AUDIT_COMMANDS: CommandEntry[] = [
  command(['verify'], async () => (await import('../commands/ledger/verify.js')).verifyCommand),
  command(
    ['checkpoint'],
    async () => (await import('../commands/ledger/checkpoint.js')).checkpointCommand,
  ),
  command(
    ['public-key'],
    async () => (await import('../commands/ledger/public-key.js')).publicKeyCommand,
  ),
  STATUS,
  TRACES_LIST,
  TRACES_GET,
  command(['serve'], async () => (await import('../commands/serve/serve.js')).auditServeCommand),
  command(
    ['kill-switch', 'status'],
    async () => (await import('../commands/kill-switch/status.js')).killSwitchStatusCommand,
  ),
  command(
    ['kill-switch', 'activate'],
    async () => (await import('../commands/kill-switch/activate.js')).killSwitchActivateCommand,
  ),
  command(
    ['kill-switch', 'deactivate'],
    async () => (await import('../commands/kill-switch/deactivate.js')).killSwitchDeactivateCommand,
  ),
  command(
    ['token', 'create'],
    async () => (await import('../commands/token/create.js')).tokenCreateCommand,
  ),
  command(
    ['token', 'list'],
    async () => (await import('../commands/token/list.js')).tokenListCommand,
  ),
  command(
    ['token', 'revoke'],
    async () => (await import('../commands/token/revoke.js')).tokenRevokeCommand,
  ),
  command(
    ['evidence', 'list'],
    async () => (await import('../commands/evidence/list.js')).evidenceListCommand,
  ),
  command(
    ['evidence', 'build'],
    async () => (await import('../commands/evidence/build.js')).evidenceBuildCommand,
  ),
  command(
    ['evidence', 'verify'],
    async () => (await import('../commands/evidence/verify.js')).evidenceVerifyCommand,
  ),
  command(
    ['compliance'],
    async () => (await import('../commands/compliance/score.js')).complianceCommand,
  ),
  command(['report'], async () => (await import('../commands/report/generate.js')).reportCommand),
  VERSION,
];
