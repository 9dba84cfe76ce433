import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  memoryIdempotency,
  memoryStore,
  memoryWebhooks,
  type IdempotencyStore,
  type JobStore,
  type Store,
  type WebhookStore,
} from '@corral/core';
import { mysqlDatabase, mysqlIdempotency, mysqlJobs, mysqlRateLimits } from '@corral/mysql';
import { postgresDatabase, postgresIdempotency, postgresJobs } from '@corral/postgres';
import { postgresRateLimits, type RateLimitStore } from '@corral/rate-limit';
import { sqliteDatabase, sqliteIdempotency, sqliteJobs } from '@corral/sqlite';
import type { StorageConfig } from './config.js';
import { fileSigningKeys, mysqlSigningKeys, postgresSigningKeys, type SigningKeys } from './signing-keys.js';

/**
 * Makes the store of one zoo collection. `initial` is the demo data a new, empty store starts
 * with; the collection's name reaches the store when the collection is declared, so it is written
 * once. Every collection of the zoo gets its store from one of these, so the whole service
 * switches storage in one place.
 */
export type StoreFactory = <T extends object>(initial: readonly T[]) => Store<T>;

/** Records in process memory, seeded with the demo data: lost when the process stops. */
export const memoryStores: StoreFactory = (initial) => memoryStore({ initial });

/** Where the service keeps records and the jobs of `Prefer: respond-async` (in memory when `jobs` is absent). */
export interface Storage {
  readonly stores: StoreFactory;
  readonly jobs?: JobStore;
  /** `Idempotency-Key` claims and answers, beside the records (in memory when absent). */
  readonly idempotency?: IdempotencyStore;
  /** Where rate-limit counters live when the records' database can keep them (PostgreSQL: shared by every process). */
  readonly rateLimits?: RateLimitStore;
  /** Where the embedded authorization server's signing keys are kept (in this process alone when absent). */
  readonly signingKeys?: SigningKeys;
  /** Webhook subscriptions and their delivery state, beside the records (in memory when absent). */
  readonly webhooks?: WebhookStore;
}

/**
 * The storage the configuration asks for. A new SQLite file (and its folder) or a new PostgreSQL
 * schema is made and seeded with the demo data. The jobs of `Prefer: respond-async` and the
 * `Idempotency-Key` answers live in the database too: they outlive a restart, and on PostgreSQL
 * every process of the service shares them.
 */
export function storageFor(storage: StorageConfig): Storage {
  switch (storage.kind) {
    case 'memory':
      return { stores: memoryStores, idempotency: memoryIdempotency(), webhooks: memoryWebhooks() };
    case 'sqlite': {
      mkdirSync(dirname(storage.file), { recursive: true });
      const database = sqliteDatabase({ path: storage.file });
      return {
        stores: (initial) => database.store({ seed: initial }),
        jobs: sqliteJobs(database),
        idempotency: sqliteIdempotency(database),
        webhooks: database.webhooks(),
        signingKeys: fileSigningKeys(join(dirname(storage.file), 'oauth-signing-keys.json')),
      };
    }
    case 'postgres': {
      const database = postgresDatabase({ connectionString: storage.url, schema: storage.schema });
      return {
        stores: (initial) => database.store({ seed: initial }),
        jobs: postgresJobs(database),
        idempotency: postgresIdempotency(database),
        webhooks: database.webhooks(),
        rateLimits: postgresRateLimits({ pool: database.pool, schema: storage.schema }),
        signingKeys: postgresSigningKeys(database.pool, storage.schema),
      };
    }
    case 'mysql': {
      const database = mysqlDatabase({ connectionString: storage.url });
      return {
        stores: (initial) => database.store({ seed: initial }),
        jobs: mysqlJobs(database),
        idempotency: mysqlIdempotency(database),
        webhooks: database.webhooks(),
        rateLimits: mysqlRateLimits(database),
        signingKeys: mysqlSigningKeys(database),
      };
    }
  }
}
