import { up as initial } from './001-initial.js';
import { up as findingsPolicies } from './002-findings-policies.js';
import { up as keysKillSwitch } from './003-keys-killswitch.js';
import { up as packs } from './004-packs.js';
import { up as reports } from './005-reports.js';
import { up as statusIndex } from './006-status-index.js';
import { up as findingsListIndexes } from './007-findings-list-indexes.js';
import { up as ledgerKeys } from './008-ledger-keys.js';
import { up as sources } from './009-sources.js';
import { up as siemOutbox } from './010-siem-outbox.js';
import { up as users } from './011-users.js';
import { up as retention } from './012-retention.js';
import { up as dashboardSessions } from './013-dashboard-sessions.js';
import { up as safety } from './014-safety.js';
import { up as safetyRuns } from './015-safety-runs.js';
import { up as workflows } from './016-workflows.js';
import { up as runner } from './017-runner.js';

/**
 * Numbered migrations in a static map (no .sql files looked up at run time). A migration
 * is applied once, in order, inside the same IMMEDIATE transaction that records it.
 */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; up: string }> = [
  { version: 1, name: 'initial', up: initial },
  { version: 2, name: 'findings-policies', up: findingsPolicies },
  { version: 3, name: 'keys-killswitch', up: keysKillSwitch },
  { version: 4, name: 'packs', up: packs },
  { version: 5, name: 'reports', up: reports },
  { version: 6, name: 'status-index', up: statusIndex },
  { version: 7, name: 'findings-list-indexes', up: findingsListIndexes },
  { version: 8, name: 'ledger-keys', up: ledgerKeys },
  { version: 9, name: 'sources', up: sources },
  { version: 10, name: 'siem-outbox', up: siemOutbox },
  { version: 11, name: 'users', up: users },
  { version: 12, name: 'retention', up: retention },
  { version: 13, name: 'dashboard-sessions', up: dashboardSessions },
  { version: 14, name: 'safety', up: safety },
  { version: 15, name: 'safety-runs', up: safetyRuns },
  { version: 16, name: 'workflows', up: workflows },
  { version: 17, name: 'runner', up: runner },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
