import { memoryStore, type Store } from '@corral/core';

/**
 * Makes the store of one zoo collection. `initial` is the demo data a new, empty store starts
 * with. Every collection of the zoo gets its store from one of these, so the whole service
 * switches storage in one place.
 */
export type StoreFactory = <T extends object>(collection: string, initial: readonly T[]) => Store<T>;

/** Records in process memory, seeded with the demo data: lost when the process stops. */
export const memoryStores: StoreFactory = (_collection, initial) => memoryStore({ initial });
