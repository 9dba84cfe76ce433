import type { HandlerContext } from '../api/context.js';
import type { Store, StoreCallOptions, Transaction } from '../store/store.js';
import type { CollectionRuntime } from './runtime.js';

/**
 * Runs `work` as one transaction when every store it touches belongs to the same database, so a
 * check and the writes it allows, or a parent and its cascaded children, go together or not at
 * all. Stores of different databases (or without one) cannot share a transaction: each call then
 * stands alone, as docs/collections.md says.
 */
export function inUnitOfWork<R>(stores: readonly Store<object>[], work: (options: StoreCallOptions) => Promise<R>, context?: HandlerContext): Promise<R> {
  const base = context ? requestOptions(context) : {};
  const database = stores[0]?.database;
  if (!database || stores.some((store) => store.database !== database)) return work(base);
  return database.transaction((transaction: Transaction) => work({ ...base, transaction }));
}

/** What a store learns of the request behind a call: the caller, and a signal for when the client goes away. */
export function requestOptions(context: HandlerContext): StoreCallOptions {
  const { signal } = context.request;
  return { ...(signal ? { signal } : {}), ...(context.principal ? { principal: context.principal } : {}) };
}

/** The stores a delete in this collection can reach: its own and those of every collection nested below it. */
export function storesBelow(runtime: CollectionRuntime): Store<object>[] {
  const stores = new Set<Store<object>>([runtime.collection.store as Store<object>]);
  for (const child of runtime.children) for (const store of storesBelow(child)) stores.add(store);
  return [...stores];
}

/** The collection's store and its parent's, which a write checking the parent key touches. */
export function withParentStore(runtime: CollectionRuntime): Store<object>[] {
  const { collection } = runtime;
  return [collection.store as Store<object>, ...(collection.parent ? [collection.parent.collection.store as Store<object>] : [])];
}
