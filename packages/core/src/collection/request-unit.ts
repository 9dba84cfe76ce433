import type { RouteInfo } from '../vocabulary/context.js';
import type { Store, Transaction } from '../store/store.js';

/**
 * A unit of work a hook opened around a request's handler (see `aroundHandler`): the handler's
 * store calls join it instead of opening their own, so that the hook can write in the same
 * transaction as the handler (the idempotency plugin keeps the answer under its key there).
 * Keyed by the request's context, so nothing outlives the request.
 */
const requestUnits = new WeakMap<object, Transaction>();

/**
 * Routes whose handler can run whole inside one unit of a database: every store it writes belongs
 * to that database. Only such a route may be given a request unit; another store would refuse it.
 */
const unitRoutes = new WeakMap<RouteInfo, readonly Store<object>[]>();

/** Runs `work` (the handler) with `transaction` as the request's unit; its store calls join it. */
export async function inRequestUnit<R>(context: object, transaction: Transaction, work: () => Promise<R>): Promise<R> {
  requestUnits.set(context, transaction);
  try {
    return await work();
  } finally {
    requestUnits.delete(context);
  }
}

/** The unit a hook opened around the request's handler, if any. */
export function requestUnitOf(context: object): Transaction | undefined {
  return requestUnits.get(context);
}

/** Records that the route's handler writes through `stores` only, so that it can run in a unit of their database. */
export function offerRequestUnit(route: RouteInfo, stores: readonly Store<object>[]): void {
  const database = stores[0]?.database;
  if (database && stores.every((store) => store.database === database)) unitRoutes.set(route, stores);
}

/**
 * The stores a route's handler writes, when they all share one database and the handler can run
 * whole in one unit of it: open it with `inUnitOfWork(stores, ...)`, as core opens its own units.
 */
export function requestUnitStoresOf(route: RouteInfo): readonly Store<object>[] | undefined {
  return unitRoutes.get(route);
}
