import { NotFoundError } from '../../errors.js';
import type { Store } from '../../store/store.js';
import { readSnapshot } from './load.js';
import type { RegulationId } from './regulations.js';
import { scoreRegulation, type ComplianceScore } from './score.js';
import { knownAgents } from './snapshot.js';

/**
 * The one entry point for a compliance score, shared by `audit compliance` and
 * GET /api/v1/compliance/{regulation}[/{agent}]: reads a snapshot, refuses an agent the
 * store has never seen (NotFoundError, exit 3 / 404), and scores it.
 */
export function computeCompliance(
  deps: { store: Store },
  input: { regulation: RegulationId; agent?: string | null; now: Date; reviewWithinDays?: number },
): ComplianceScore {
  const snapshot = readSnapshot(deps.store);
  const agent = input.agent ?? null;
  if (agent !== null && !knownAgents(snapshot).includes(agent)) {
    throw new NotFoundError(`agent ${agent} not found`, { agent });
  }
  return scoreRegulation(snapshot, input.regulation, {
    now: input.now,
    agent,
    reviewWithinDays: input.reviewWithinDays,
  });
}
