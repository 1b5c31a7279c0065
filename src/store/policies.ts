import { canonicalize } from '../ledger/jcs.js';
import { policyRecord } from './records.js';
import type { Reader, Transactor } from './store.js';

export interface StoredPolicy {
  version: number;
  document: unknown;
  actor: string;
  created_at: string;
}

/** The live policy document, or undefined when none was ever set (defaults apply). */
export function currentPolicy(r: Reader): StoredPolicy | undefined {
  const row = r.prepare('SELECT * FROM policies ORDER BY version DESC LIMIT 1').get() as
    { version: number; document: string; actor: string; created_at: string } | undefined;
  return row ? { ...row, document: JSON.parse(row.document) as unknown } : undefined;
}

/** The live policy's version, 0 while none was ever set: versions only grow, never change. */
export function currentPolicyVersion(r: Reader): number {
  const row = r.prepare('SELECT MAX(version) AS v FROM policies').get() as { v: number | null };
  return row.v ?? 0;
}

/** Records a new policy version (already validated by the caller) and ledgers it. */
export function savePolicy(tx: Transactor, document: unknown): StoredPolicy {
  const row = {
    version: currentPolicyVersion(tx) + 1,
    document: canonicalize(document),
    actor: tx.actor,
    created_at: tx.now(),
  };
  tx.prepare(
    'INSERT INTO policies (version, document, actor, created_at) VALUES (@version, @document, @actor, @created_at)',
  ).run(row);
  tx.ledger.append(
    'policy.updated',
    `policy-v${row.version}`,
    row.version,
    policyRecord(row),
    row.created_at,
  );
  return { ...row, document };
}
