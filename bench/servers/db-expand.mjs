// The zoo's two related collections on PostgreSQL for the expansion benchmark: zoos, and animals
// nested below them (relation zoo, inverse animals), in tables Corral made. No auth and no access
// log: the expansion is measured.
import { createApi, defineCollection, silentLogger } from '@corral/core';
import { postgresDatabase } from '@corral/postgres';
import { z } from 'zod';

const database = postgresDatabase({
  connectionString: process.env.BENCH_DATABASE_URL,
  schema: process.env.BENCH_SCHEMA,
});
const zoos = defineCollection({
  name: 'zoos',
  schema: z.object({ name: z.string(), city: z.string() }),
  store: database.store(),
});
const animals = defineCollection({
  name: 'animals',
  schema: z.object({ name: z.string(), species: z.string(), zooId: z.string() }),
  parent: { collection: zoos, field: 'zooId', relation: 'zoo', inverse: 'animals' },
  store: database.store(),
});
const api = createApi({ collections: [zoos, animals], logger: silentLogger, paging: { maxLimit: 100 } });
await api.ready();
const server = api.listen(0, '127.0.0.1');
server.on('listening', () => process.send?.({ port: server.address().port }));
