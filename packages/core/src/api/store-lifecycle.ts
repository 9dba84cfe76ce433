import type { AnyCollection } from '../collection/define-collection.js';
import { storeInitOf } from '../collection/runtime.js';
import type { Store } from '../store/store.js';
import type { VersionDefinition } from './version-routes.js';

/** Opening and closing the stores of an API's collections. */
export interface StoreLifecycle {
  /** Settles once every store's `init` has; started by {@link storeLifecycle} at once. */
  readonly initialized: Promise<void>;
  /** True once `initialized` has resolved: requests then skip waiting for it. */
  isInitialized(): boolean;
  /** Closes each store once, however many collections share it. */
  close(): Promise<void>;
}

/** Every collection of every version, each once (versions often share definitions). */
function collectionsOf(definitions: readonly VersionDefinition[]): AnyCollection[] {
  return [...new Set(definitions.flatMap((definition) => definition.collections ?? []))];
}

/**
 * Tells each store about its collection. Memory stores do their work at once; a database store
 * may create its tables, so the API waits for this before it answers the first request.
 */
export function storeLifecycle(definitions: readonly VersionDefinition[]): StoreLifecycle {
  const collections = collectionsOf(definitions);
  let done = false;
  const initialized = Promise.all(collections.map((collection) => collection.store.init?.(storeInitOf(collection)))).then(() => {
    done = true;
  });
  // Whoever awaits it (ready(), the first request) sees the failure; this only keeps it from being "unhandled".
  initialized.catch(() => undefined);
  const stores = [...new Set(collections.map((collection) => collection.store as Store<object>))];
  return {
    initialized,
    isInitialized: () => done,
    close: async () => {
      await Promise.all(stores.map((store) => store.close?.()));
    },
  };
}
