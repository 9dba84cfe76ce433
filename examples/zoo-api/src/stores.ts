import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { memoryStore, type Store } from '@corral/core';
import { postgresDatabase } from '@corral/postgres';
import { sqliteDatabase } from '@corral/sqlite';
import type { StorageConfig } from './config.js';

/**
 * Makes the store of one zoo collection. `initial` is the demo data a new, empty store starts
 * with. Every collection of the zoo gets its store from one of these, so the whole service
 * switches storage in one place.
 */
export type StoreFactory = <T extends object>(collection: string, initial: readonly T[]) => Store<T>;

/** Records in process memory, seeded with the demo data: lost when the process stops. */
export const memoryStores: StoreFactory = (_collection, initial) => memoryStore({ initial });

/** The stores the configuration asks for. A new SQLite file (and its folder) is made and seeded with the demo data. */
export function storesFor(storage: StorageConfig): StoreFactory {
  switch (storage.kind) {
    case 'memory':
      return memoryStores;
    case 'sqlite': {
      mkdirSync(dirname(storage.file), { recursive: true });
      const database = sqliteDatabase({ path: storage.file });
      return (_collection, initial) => database.store({ seed: initial });
    }
    case 'postgres': {
      const database = postgresDatabase({ connectionString: storage.url, schema: storage.schema });
      return (_collection, initial) => database.store({ seed: initial });
    }
  }
}
