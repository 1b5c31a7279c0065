import { currentPolicy, savePolicy } from '../store/policies.js';
import type { Reader, Transactor } from '../store/store.js';
import { DEFAULT_POLICY, parsePolicy } from './policy.js';
import type { Policy } from './types.js';

export interface LivePolicy {
  /** 0 while the built-in default is in force. */
  version: number;
  created_at: string | null;
  actor: string | null;
  policy: Policy;
}

/** The policy the detectors run with: the latest stored version, else the default. */
export function livePolicy(r: Reader): LivePolicy {
  const stored = currentPolicy(r);
  if (!stored) return { version: 0, created_at: null, actor: null, policy: DEFAULT_POLICY };
  return {
    version: stored.version,
    created_at: stored.created_at,
    actor: stored.actor,
    policy: parsePolicy(stored.document),
  };
}

/**
 * Validates a policy document whole (unknown category, bad regex, threshold out of range
 * are refused with the reason) before anything is written, then stores and ledgers it.
 * The REST `PUT /api/v1/policies` calls this same function.
 */
export function setLivePolicy(tx: Transactor, document: unknown): LivePolicy {
  const policy = parsePolicy(document);
  const saved = savePolicy(tx, policy);
  return { version: saved.version, created_at: saved.created_at, actor: saved.actor, policy };
}
