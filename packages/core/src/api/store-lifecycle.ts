import type { AnyCollection } from '../collection/define-collection.js';
import { storeInitOf } from '../collection/runtime.js';
import type { Store } from '../store/store.js';
import type { VersionDefinition } from './version-routes.js';

/** Where the opening of the stores stands. */
export type StoreOpening = 'opening' | 'open' | 'failed';

/** Opening and closing the stores of an API's collections. */
export interface StoreLifecycle {
  /** Settles once every store's `init` has; started by {@link storeLifecycle} at once. */
  readonly initialized: Promise<void>;
  /** True once `initialized` has resolved: requests then skip waiting for it. */
  isInitialized(): boolean;
  /** Whether `init` is still running, has finished, or has failed. */
  opening(): StoreOpening;
  /**
   * Asks every store that can tell (`ping`) whether it answers within `timeoutMs`; returns the
   * names of the collections whose store did not, sorted (empty when all are fine).
   */
  unreachable(timeoutMs: number): Promise<string[]>;
  /** Closes each store once, however many collections share it. */
  close(): Promise<void>;
}

/** Every collection of every version, each once (versions often share definitions). */
function collectionsOf(definitions: readonly VersionDefinition[]): AnyCollection[] {
  return [...new Set(definitions.flatMap((definition) => definition.collections ?? []))];
}

/** Resolves true when the store answered in time, false when it failed or took too long. */
async function answers(store: Store<object>, timeoutMs: number): Promise<boolean> {
  if (!store.ping) return true;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(false);
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      store.ping({ signal: controller.signal }).then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls every store's `init`, each collection's once its parent's has finished: a database store
 * can then reference the parent's table (a foreign key) when it makes its own. Unrelated
 * collections start together.
 */
function initParentsFirst(collections: readonly AnyCollection[]): Promise<void> {
  const started = new Map<AnyCollection, Promise<void>>();
  const start = (collection: AnyCollection): Promise<void> => {
    let running = started.get(collection);
    if (!running) {
      const parent = collection.parent?.collection;
      const before = parent && collections.includes(parent) ? start(parent) : Promise.resolve();
      running = before.then(() => collection.store.init?.(storeInitOf(collection)));
      started.set(collection, running);
    }
    return running;
  };
  return Promise.all(collections.map(start)).then(() => undefined);
}

/**
 * Tells each store about its collection. Memory stores do their work at once; a database store
 * may create its tables, so the API waits for this before it answers the first request.
 */
export function storeLifecycle(definitions: readonly VersionDefinition[]): StoreLifecycle {
  const collections = collectionsOf(definitions);
  let state: StoreOpening = 'opening';
  const initialized = initParentsFirst(collections).then(() => {
    state = 'open';
  });
  // Whoever awaits it (ready(), the first request) sees the failure; this records it for /ready.
  initialized.catch(() => (state = 'failed'));
  const stores = [...new Set(collections.map((collection) => collection.store as Store<object>))];
  return {
    initialized,
    isInitialized: () => state === 'open',
    opening: () => state,
    async unreachable(timeoutMs) {
      // Stores of one database with the same ping share its connection: one ping answers for them all.
      const representative = new Map<Store<object>, Store<object>>();
      for (const store of stores) {
        const twin = [...representative.values()].find(
          (other) => other.database !== undefined && other.database === store.database && other.ping === store.ping,
        );
        representative.set(store, twin ?? store);
      }
      const asked = [...new Set(representative.values())];
      const results = await Promise.all(asked.map((store) => answers(store, timeoutMs)));
      const down = new Set(asked.filter((_, index) => !results[index]));
      const failed = new Set(stores.filter((store) => down.has(representative.get(store)!)));
      return [...new Set(collections.filter((c) => failed.has(c.store as Store<object>)).map((c) => c.name))].sort();
    },
    close: async () => {
      await Promise.all(stores.map((store) => store.close?.()));
    },
  };
}
