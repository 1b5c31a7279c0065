/**
 * One drainer at a time per target (`evid serve` and `siem flush` may run together), so
 * rows go out in order. A lease names its owner (host:pid:random) and lasts LEASE_MS,
 * renewed after each batch; it can be taken over once it has run out, or at once when its
 * owner was a process on this host that no longer exists (kill -9 of a server).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Store } from '../store/store.js';

export const LEASE_MS = 30_000;

export function newLeaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

function ownerIsDead(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== hostname() || !pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Takes (or renews) the lease of a target; false when another live drainer holds it. */
export function claimLease(store: Store, targetId: string, owner: string, now: Date): boolean {
  return store.transact((tx) => {
    const row = tx
      .prepare(
        'SELECT lease_owner, lease_until FROM siem_targets WHERE target_id = ? AND removed_at IS NULL',
      )
      .get(targetId) as { lease_owner: string | null; lease_until: string | null } | undefined;
    if (!row) return false;
    const free =
      row.lease_owner === null ||
      row.lease_owner === owner ||
      (row.lease_until ?? '') < now.toISOString() ||
      ownerIsDead(row.lease_owner);
    if (!free) return false;
    tx.prepare('UPDATE siem_targets SET lease_owner = ?, lease_until = ? WHERE target_id = ?').run(
      owner,
      new Date(now.getTime() + LEASE_MS).toISOString(),
      targetId,
    );
    return true;
  });
}

export function releaseLease(store: Store, targetId: string, owner: string): void {
  store.transact((tx) =>
    tx
      .prepare(
        'UPDATE siem_targets SET lease_owner = NULL, lease_until = NULL WHERE target_id = ? AND lease_owner = ?',
      )
      .run(targetId, owner),
  );
}
