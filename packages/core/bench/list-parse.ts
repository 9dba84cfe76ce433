// How long reading a list request's query takes, for the zoo's employees (filters with operators,
// sort, search, fields): `npx tsx --conditions=@corral/source packages/core/bench/list-parse.ts`.
import { z } from 'zod';
import { collectionRuntime } from '../src/collection/runtime.js';
import { defineCollection } from '../src/collection/define-collection.js';
import { memoryStore } from '../src/store/memory-store.js';
import { parseListParams } from '../src/collection/list-params.js';
import { selectedFields } from '../src/collection/field-selection.js';
import { cursorRequest } from '../src/collection/cursor-paging.js';
import { expansionsOf } from '../src/collection/expand-params.js';
import { parseListQuery } from '../src/collection/list-request.js';

const employees = defineCollection({
  name: 'employees',
  schema: z.object({
    name: z.string().min(1).max(200),
    yearOfBirth: z.number().int().min(1900).max(2100),
    state: z.enum(['internal', 'external']),
    maturity: z.enum(['junior', 'intermediate', 'senior']),
  }),
  filters: {
    state: { field: 'state', operators: ['eq', 'in'] },
    maturity: { field: 'maturity', operators: ['eq', 'in'] },
    year_of_birth: { field: 'yearOfBirth', operators: ['eq', 'gt', 'gte', 'lt', 'lte'] },
  },
  sortable: ['name', 'yearOfBirth'],
  searchable: ['name', 'state', 'maturity'],
  store: memoryStore(),
});
const runtime = collectionRuntime(employees, {});
const queries = {
  none: new URLSearchParams(''),
  page: new URLSearchParams('offset=20&limit=10'),
  filtered: new URLSearchParams('state=internal&maturity[in]=junior,senior&year_of_birth[gte]=1980&sortby=name'),
  everything: new URLSearchParams('state=internal&sortby=name&order=desc&query=br&fields=name,state&limit=5'),
};

/** The four reads listRecords made before parseListQuery, each on the URLSearchParams itself. */
function parseApart(query: URLSearchParams): unknown {
  const list = parseListParams(runtime.list, query);
  const fields = selectedFields(runtime, query);
  const cursor = cursorRequest(runtime, query, list, '/v1/employees');
  return [list, fields, cursor, expansionsOf(runtime, query, 3)];
}

/** Nanoseconds of CPU per call of `read` over `count` calls, after a warm-up. */
function timed(read: (query: URLSearchParams) => unknown, query: URLSearchParams, count = 100_000): number {
  for (let i = 0; i < 20_000; i++) read(query);
  // CPU time rather than wall time: on a busy machine, waiting for a core is not parsing.
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) read(query);
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / count;
}

for (const [name, query] of Object.entries(queries)) {
  // Rounds alternate the two, and each keeps its best: other work on the machine only slows a round down.
  let apart = Number.POSITIVE_INFINITY;
  let once = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    apart = Math.min(apart, timed(parseApart, query));
    once = Math.min(
      once,
      timed((params) => parseListQuery(runtime, params, '/v1/employees', 3), query),
    );
  }
  console.log(
    `${name.padEnd(12)} four parsers ${apart.toFixed(0).padStart(6)} ns, read once ${once.toFixed(0).padStart(6)} ns`,
  );
}
