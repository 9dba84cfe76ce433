import type { HandlerContext, RequestState } from '../vocabulary/context.js';
import type { Principal } from '../auth/principal.js';
import type { Store, StoreCallOptions, StoreLock, Transaction, TransactionOptions } from '../store/store.js';
import { requestUnitOf } from './request-unit.js';
import type { CollectionRuntime } from './runtime.js';

/**
 * Runs `work` as one transaction when every store it touches belongs to the same database, so a
 * check and the writes it allows, or a parent and its cascaded children, go together or not at
 * all. Stores of different databases (or without one) cannot share a transaction: each call then
 * stands alone, as docs/collections.md says. A unit run `read-committed` must lock what it checks
 * (see {@link locking}).
 */
export function inUnitOfWork<R>(
  stores: readonly Store<object>[],
  work: (options: StoreCallOptions) => Promise<R>,
  context?: HandlerContext,
  isolation?: TransactionOptions,
): Promise<R> {
  const database = stores[0]?.database;
  if (!database || stores.some((store) => store.database !== database))
    return work(context ? requestOptions(context) : {});
  // A unit a hook opened around the handler is joined: everything commits with what the hook wrote.
  if (context && requestUnitOf(context)?.database === database) return work(requestOptions(context));
  return database.transaction(
    (transaction: Transaction) => work(context ? requestOptions(context, transaction) : { transaction }),
    isolation,
  );
}

/** Core's own units: each locks what it checks, so none needs to be serializable. */
export const lockedUnit: TransactionOptions = { isolation: 'read-committed' };

/** The same call options, with reads locking what they find (only inside a unit of work: alone, a lock ends at once). */
export function locking(options: StoreCallOptions | undefined, lock: StoreLock): StoreCallOptions | undefined {
  return options?.transaction ? new LockingOptions(options, lock) : options;
}

class LockingOptions implements StoreCallOptions {
  constructor(
    private readonly base: StoreCallOptions,
    readonly lock: StoreLock,
  ) {}

  get transaction(): Transaction | undefined {
    return this.base.transaction;
  }

  get principal(): Principal | undefined {
    return this.base.principal;
  }

  get signal(): AbortSignal | undefined {
    return this.base.signal;
  }

  get state(): RequestState | undefined {
    return this.base.state;
  }
}

/**
 * What a store learns of the request behind a call: the caller, a signal for when the client goes
 * away, and the unit of work. The signal is made only if a store reads it: memory stores never do.
 */
class RequestOptions implements StoreCallOptions {
  constructor(
    private readonly context: Pick<HandlerContext, 'principal' | 'state' | 'signal'>,
    readonly transaction?: Transaction,
  ) {}

  get principal(): Principal | undefined {
    return this.context.principal;
  }

  get signal(): AbortSignal | undefined {
    return this.context.signal;
  }

  get state(): RequestState {
    return this.context.state;
  }
}

/**
 * The store options of a call made for this request: inside `transaction` when given, else inside
 * the unit a hook opened around the handler (only routes whose stores all share it get one).
 */
export function requestOptions(
  context: Pick<HandlerContext, 'principal' | 'state' | 'signal'>,
  transaction?: Transaction,
): StoreCallOptions {
  return new RequestOptions(context, transaction ?? requestUnitOf(context));
}

// Worked out once per collection (the runtimes are fixed once the API is built), not per request.
const below = new WeakMap<CollectionRuntime, Store<object>[]>();
const withParent = new WeakMap<CollectionRuntime, Store<object>[]>();

/** The stores a delete in this collection can reach: its own and those of every collection nested below it. */
export function storesBelow(runtime: CollectionRuntime): Store<object>[] {
  let stores = below.get(runtime);
  if (!stores) {
    const found = new Set<Store<object>>([runtime.collection.store as Store<object>]);
    for (const child of runtime.children) for (const store of storesBelow(child)) found.add(store);
    below.set(runtime, (stores = [...found]));
  }
  return stores;
}

/** The collection's store and its parent's, which a write checking the parent key touches. */
export function withParentStore(runtime: CollectionRuntime): Store<object>[] {
  let stores = withParent.get(runtime);
  if (!stores) {
    const { collection } = runtime;
    stores = [
      collection.store as Store<object>,
      ...(collection.parent ? [collection.parent.collection.store as Store<object>] : []),
    ];
    withParent.set(runtime, stores);
  }
  return stores;
}
