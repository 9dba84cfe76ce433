import { afterAll, beforeAll } from 'vitest';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { demoToken, startProcesses, type StartedProcesses } from './start-main.js';

/** One zoo process of a pair: where it listens, and an admin token of its own embedded issuer. */
export interface PairInstance {
  readonly origin: string;
  readonly token: string;
}

/** Two zoo processes sharing one PostgreSQL schema; filled in once the file's `beforeAll` ran. */
export interface ZooPair {
  /** False outside CI when no PostgreSQL answers: the file's tests then skip (in CI that is a failure). */
  readonly available: boolean;
  /** Where each process listens. */
  readonly origins: readonly string[];
  /** Each process with a `zoo-admin` token, unless `tokens: false` was asked for. */
  readonly instances: readonly PairInstance[];
}

/**
 * Registers, for the calling test file, two zoo processes started at the same moment on a fresh
 * schema (so tables are made and demo data seeded by one of them only), stopped and the schema
 * dropped after the file's tests. `tokens: false` leaves the token endpoint untouched (a test that
 * counts token requests).
 */
export async function zooPairOnFreshSchema(
  label: string,
  env: Record<string, string> = {},
  options: { readonly tokens?: boolean } = {},
): Promise<ZooPair> {
  const available = await serverAvailable();
  const schema = freshSchemaName(label);
  const pair: { available: boolean; origins: string[]; instances: PairInstance[] } = {
    available,
    origins: [],
    instances: [],
  };
  let started: StartedProcesses | undefined;
  beforeAll(async () => {
    if (!available) return;
    started = await startProcesses({
      DATABASE_URL: testDatabaseUrl,
      DATABASE_SCHEMA: schema,
      LOG_LEVEL: 'silent',
      ...env,
    });
    pair.origins = [...started.origins];
    if (options.tokens !== false)
      pair.instances = await Promise.all(
        pair.origins.map(async (origin) => ({ origin, token: await demoToken(origin) })),
      );
  }, 60_000);
  afterAll(async () => {
    await started?.stop();
    if (available) await dropSchema(schema);
  });
  return pair;
}
