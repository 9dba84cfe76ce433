import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { memoryStore, type JobStore, type Store } from '@corral/core';
import { postgresDatabase, postgresJobs } from '@corral/postgres';
import { sqliteDatabase, sqliteJobs } from '@corral/sqlite';
import type { StorageConfig } from './config.js';

/**
 * Makes the store of one zoo collection. `initial` is the demo data a new, empty store starts
 * with. Every collection of the zoo gets its store from one of these, so the whole service
 * switches storage in one place.
 */
export type StoreFactory = <T extends object>(collection: string, initial: readonly T[]) => Store<T>;

/** Records in process memory, seeded with the demo data: lost when the process stops. */
export const memoryStores: StoreFactory = (_collection, initial) => memoryStore({ initial });

/** Where the service keeps records and the jobs of `Prefer: respond-async` (in memory when `jobs` is absent). */
export interface Storage {
  readonly stores: StoreFactory;
  readonly jobs?: JobStore;
}

/**
 * The storage the configuration asks for. A new SQLite file (and its folder) or a new PostgreSQL
 * schema is made and seeded with the demo data. The jobs of `Prefer: respond-async` live in the
 * database too: they outlive a restart, and on PostgreSQL any process of the service can run them.
 */
export function storageFor(storage: StorageConfig): Storage {
  switch (storage.kind) {
    case 'memory':
      return { stores: memoryStores };
    case 'sqlite': {
      mkdirSync(dirname(storage.file), { recursive: true });
      const database = sqliteDatabase({ path: storage.file });
      return { stores: (_collection, initial) => database.store({ seed: initial }), jobs: sqliteJobs(database) };
    }
    case 'postgres': {
      const database = postgresDatabase({ connectionString: storage.url, schema: storage.schema });
      return { stores: (_collection, initial) => database.store({ seed: initial }), jobs: postgresJobs(database) };
    }
  }
}
