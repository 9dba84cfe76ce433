// The pipeline's own cost per request, without sockets: the same requests handed to api.handle of
// each core build in turn, in short alternating blocks within one process, so that the noise of a
// shared machine hits every build alike. Reported as the median of per-block ratios.
import { z } from 'zod';

const states = ['internal', 'external'];
const emptyQuery = new URLSearchParams();

/** The pipeline's request shape, as the node adapter would make it, for a GET without a body. */
function corralRequest(target) {
  const [path, rawQuery = ''] = target.split('?');
  const query = rawQuery ? new URLSearchParams(rawQuery) : emptyQuery;
  return {
    method: 'GET',
    path,
    rawQuery,
    query,
    hasBody: false,
    header: () => undefined,
    readBody: async () => new Uint8Array(),
  };
}

/** One no-op hook in every request phase. */
export const noopHooks = { onRequest() {}, preHandler() {}, onSend() {}, onError() {}, onResponse() {} };

/** The plain API both hook benches serve (100 employees in memory, no auth, no access log), on the core build at `entry`. */
export async function apiOf(entry, hooks) {
  const { createApi, defineCollection, memoryStore, silentLogger } = await import(entry);
  const employees = defineCollection({
    name: 'employees',
    schema: z.object({ name: z.string(), yearOfBirth: z.number().int(), state: z.enum(states) }),
    filters: { state: 'state' },
    sortable: ['name', 'yearOfBirth'],
    store: memoryStore({
      initial: Array.from({ length: 100 }, (_, i) => ({
        name: `Employee ${i}`,
        yearOfBirth: 1960 + (i % 40),
        state: states[i % 2],
      })),
    }),
  });
  return createApi({ collections: [employees], logger: silentLogger, ...(hooks ? { hooks } : {}) });
}

export async function inProcessHooksBench({ variants, endpoints, blocks = 40, perBlock = 2000 }) {
  const apis = {};
  for (const [name, { entry, hooks }] of Object.entries(variants))
    apis[name] = await apiOf(entry, hooks ? noopHooks : undefined);
  const results = {};
  for (const [label, target] of Object.entries(endpoints)) {
    const times = Object.fromEntries(Object.keys(apis).map((name) => [name, []]));
    for (let block = 0; block < blocks; block++) {
      const order = Object.keys(apis);
      for (let i = 0; i < block % order.length; i++) order.push(order.shift());
      for (const name of order) {
        const started = process.hrtime.bigint();
        for (let i = 0; i < perBlock; i++) {
          const response = await apis[name].handle(corralRequest(target));
          if (response.status !== 200) throw new Error(`${name} ${target}: ${response.status}`);
        }
        times[name].push(Number(process.hrtime.bigint() - started) / perBlock / 1000);
      }
    }
    results[label] = times;
  }
  return results;
}
