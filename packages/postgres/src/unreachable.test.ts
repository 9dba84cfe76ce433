import { createApi, defineCollection, silentLogger } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postgresDatabase } from './database.js';
import { unreachableDatabaseUrl } from './testing/server.js';
import { connectionTarget } from './unreachable.js';

describe('start-up with a PostgreSQL server that cannot be reached', () => {
  it('fails ready() saying what could not be reached, where and why, in the message', async () => {
    const url = await unreachableDatabaseUrl();
    const database = postgresDatabase({ connectionString: url });
    const birds = defineCollection({ name: 'birds', schema: z.object({ name: z.string() }), store: database.store() });
    const api = createApi({ collections: [birds], logger: silentLogger });
    try {
      const failure = await api.ready().then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      const { port, pathname } = new URL(url);
      expect(failure?.message).toContain(`PostgreSQL server at 127.0.0.1:${port}${pathname}`);
      expect(failure?.message).toMatch(/: nothing accepts connections there \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)/);
      expect(failure?.message).not.toMatch(/Retry-After/);
    } finally {
      await api.close();
    }
  });

  it('names host, port and database of the connection string, never its user or password', () => {
    expect(connectionTarget('postgres://zoo:secret@db.internal:6543/zoo')).toBe('db.internal:6543/zoo');
    expect(connectionTarget('postgresql://db.internal')).toBe('db.internal:5432');
    expect(connectionTarget('host=/run/postgresql')).toBe('the server its connection string names');
  });
});
