import { describe, expect, it } from 'vitest';
import { sqliteDatabase } from './database.js';

describe('ping of a SQLite store', () => {
  it('resolves while the file is open, and rejects once it is closed', async () => {
    const database = sqliteDatabase({ path: ':memory:' });
    const store = database.store();
    await expect(store.ping?.()).resolves.toBeUndefined();
    await database.close();
    await expect(store.ping?.()).rejects.toThrow(/closed/);
  });
});

describe('readiness of an API on one SQLite database', () => {
  it('asks the database once per /ready, however many collections it holds', async () => {
    const { createApi, defineCollection, silentLogger } = await import('@corral/core');
    const { z } = await import('zod');
    const database = sqliteDatabase({ path: ':memory:' });
    let pings = 0;
    const ping = database.ping.bind(database);
    database.ping = () => {
      pings++;
      return ping();
    };
    const collections = ['cats', 'dogs', 'owls'].map((name) =>
      defineCollection({ name, schema: z.object({ name: z.string() }), store: database.store<{ name: string }>() }),
    );
    const api = createApi({ collections, logger: silentLogger });
    await api.ready();
    const response = await api.fetch(new Request('http://x/ready'));
    expect(response.status).toBe(200);
    expect(pings).toBe(1);
    await api.close();
  });
});
