import { createApi, defineCollection, silentLogger } from '@corral/core';
import { type Bird, socketTransport } from '@corral/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postgresDatabase } from './database.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(schemas);
});

function freshSchema(): string {
  const schema = freshSchemaName('contention');
  schemas.push(schema);
  return schema;
}

describe.runIf(available)('PostgreSQL', () => {
  it('serves two API processes on one schema under concurrent writes without a 503', async () => {
    const schema = freshSchema();
    const instances = await Promise.all(
      [1, 2].map(async () => {
        const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
        const pens = defineCollection({
          name: 'pens',
          schema: z.object({ name: z.string() }),
          store: database.store(),
        });
        const flock = database.store<Bird>();
        const birds = defineCollection({
          name: 'birds',
          schema: z.object({ name: z.string(), penId: z.string() }),
          parent: { collection: pens, field: 'penId' },
          store: flock,
        });
        const api = createApi({ collections: [pens, birds], logger: silentLogger });
        await api.ready();
        return { database, birds: flock, http: await socketTransport(api) };
      }),
    );
    try {
      const [one, two] = [instances[0]!.http, instances[1]!.http];
      const pen = (await one.send('POST', '/v1/pens', { body: { name: 'Shared' } })).json.id as string;
      const statuses: number[] = [];
      const writer = async (n: number) => {
        const http = n % 2 === 0 ? one : two;
        for (let round = 0; round < 6; round++) {
          const made = await http.send('POST', `/v1/pens/${pen}/birds`, { body: { name: `Kaka ${n}.${round}` } });
          statuses.push(made.status);
          const id = made.json?.id as string;
          const other = n % 2 === 0 ? two : one;
          const patched = await other.send('PATCH', `/v1/pens/${pen}/birds/${id}`, {
            headers: { 'content-type': 'application/merge-patch+json' },
            body: JSON.stringify({ name: `Kakapo ${n}.${round}` }),
          });
          statuses.push(patched.status);
          if (round % 2 === 0) statuses.push((await http.send('DELETE', `/v1/pens/${pen}/birds/${id}`)).status);
        }
      };
      await Promise.all(Array.from({ length: 40 }, (_, n) => writer(n)));
      expect(statuses.filter((status) => status >= 300)).toEqual([]);
      // 40 writers made 6 birds each and deleted 3: both processes count the same live records.
      for (const { birds } of instances) expect(await birds.count({ penId: pen })).toBe(120);
    } finally {
      for (const { http, database } of instances) {
        await http.close();
        await database.close();
      }
    }
  });
});
