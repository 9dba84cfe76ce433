// One collection of N records in the memory store, for the scale measurement (no auth: the store is measured).
import { createApi, defineCollection, memoryStore, silentLogger } from '@corral/core';
import { z } from 'zod';

const size = Number(process.env.BENCH_RECORDS);
const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'ba'];
/** A deterministic pseudo-random name, so that sorting by name is real work. */
const nameOf = (i) => {
  let n = (i * 2654435761) % 4294967296;
  let name = '';
  for (let k = 0; k < 5; k++) {
    name += syllables[n % 10];
    n = Math.floor(n / 10);
  }
  return `${name} ${i}`;
};

const items = defineCollection({
  name: 'items',
  schema: z.object({ name: z.string(), state: z.enum(['internal', 'external']), yearOfBirth: z.number().int() }),
  filters: { state: 'state' },
  sortable: ['name', 'yearOfBirth'],
  store: memoryStore({
    initial: Array.from({ length: size }, (_, i) => ({
      name: nameOf(i),
      state: i % 3 === 0 ? 'external' : 'internal',
      yearOfBirth: 1950 + (i % 60),
    })),
  }),
});
const api = createApi({ collections: [items], logger: silentLogger, paging: { maxLimit: 100 } });
const server = api.listen(0, '127.0.0.1');
server.on('listening', () => process.send?.({ port: server.address().port }));
