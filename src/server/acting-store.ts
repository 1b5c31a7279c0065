import type { Store, Transactor } from '../store/store.js';

/**
 * The store as seen by one REST caller: ledgered writes made through it (by domain
 * functions that take a Store, such as buildPack and generateReport) are attributed to
 * the caller's actor unless the function names another. Reads are the store's own.
 */
export function storeActingAs(store: Store, actor: string): Store {
  const view = Object.create(store) as Store;
  view.transact = <T>(fn: (tx: Transactor) => T, as?: string): T => store.transact(fn, as ?? actor);
  return view;
}
