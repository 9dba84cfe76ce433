import { createApi, defineCollection, silentLogger } from '@corral/core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postgresDatabase } from './database.js';
import { asOutage, isOutage } from './outage.js';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schema = freshSchemaName('outage');
afterAll(async () => {
  if (available) await dropSchema(schema);
});

describe('database outages', () => {
  it.each([
    [
      'a connection cut by the server',
      { code: '57P01', message: 'terminating connection due to administrator command' },
    ],
    ['a refused connection', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['a connection class error', { code: '08006', message: 'connection failure' }],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['a connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a race lost after every retry', { code: '40001', message: 'could not serialize access' }],
  ])('answers %s with 503 and Retry-After', (_, error) => {
    expect(isOutage(error)).toBe(true);
    expect(asOutage(error)).toMatchObject({ status: 503, errorCode: 1033, headers: { 'retry-after': '1' } });
  });

  it.each([
    ['a constraint', { code: '23505' }],
    ['a syntax error', { code: '42601' }],
    ['anything else', new Error('boom')],
  ])('leaves %s alone', (_, error) => {
    expect(isOutage(error)).toBe(false);
    expect(asOutage(error)).toBe(error);
  });
});

describe.runIf(available)('PostgreSQL cutting the connections under load', () => {
  it('answers reads, and writes or 503 outcome unknown (never 500), while connections are cut, keeps the process up, and serves again after', async () => {
    const application = `corral-outage-${process.pid}`;
    const database = postgresDatabase({
      connectionString: `${testDatabaseUrl}?application_name=${application}`,
      schema,
    });
    const birds = defineCollection({ name: 'birds', schema: z.object({ name: z.string() }), store: database.store() });
    const api = createApi({ collections: [birds], logger: silentLogger });
    await api.ready();
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    const statuses = new Map<number, number>();
    const failures = new Set<string>();
    let running = true;
    const load = async (n: number) => {
      while (running) {
        const request =
          n % 2 === 0
            ? new Request('http://x/v1/birds?limit=5')
            : new Request('http://x/v1/birds', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ name: `Kea ${n}` }),
              });
        const response = await api.fetch(request);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const text = await response.text();
        if (response.status >= 500)
          failures.add(
            `${request.method} ${response.status} ${response.headers.get('retry-after')} ${JSON.parse(text).error.slice(0, 42)}`,
          );
      }
    };
    const loops = Array.from({ length: 10 }, (_, n) => load(n));
    try {
      for (let cut = 0; cut < 8; cut++) {
        await new Promise((resolve) => setTimeout(resolve, 60));
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
          application,
        ]);
      }
    } finally {
      running = false;
      await Promise.all(loops);
      await admin.end();
    }
    expect([...statuses.keys()].filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(0);
    // The database was up all along: a read cut runs again, and only a write cut in flight fails,
    // as "outcome unknown" (no Retry-After: it may have been applied).
    expect([...failures]).toEqual([...failures].map(() => 'POST 503 null The connection to the database broke after'));
    // Afterwards every request is served.
    for (let n = 0; n < 20; n++) expect((await api.fetch(new Request('http://x/v1/birds?limit=1'))).status).toBe(200);
    await api.close();
  });
});
