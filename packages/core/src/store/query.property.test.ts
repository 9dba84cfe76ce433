import fc from 'fast-check';
import { storeInitFor } from '../testing/store-init.js';
import { describe, expect, it } from 'vitest';
import { memoryStore } from './memory-store.js';
import type { IndexedFields } from './indexes.js';
import type { ListQuery, Store } from './store.js';

type Data = Partial<Record<'a' | 'b' | 'c', unknown>>;
const fields = ['a', 'b', 'c'] as const;

// Few distinct values, so that filters hit, sorts tie and searches match.
const domains = {
  a: [0, 1, -1.5, null],
  b: ['', 'x', 'X', 'Yx'],
  c: [1, '1', 'a', true, false, null],
};
const values = {
  a: fc.constantFrom(...domains.a),
  b: fc.constantFrom(...domains.b),
  c: fc.constantFrom(...domains.c),
};
const data: fc.Arbitrary<Data> = fc.record(values, { requiredKeys: [] });
const hints: fc.Arbitrary<IndexedFields> = fc.record({
  sortable: fc.subarray([...fields]),
  filterable: fc.subarray([...fields]),
});
const query: fc.Arbitrary<ListQuery> = fc.record(
  {
    // Mostly one field: that is when an index bucket alone answers, in its own order.
    filter: fc.oneof(
      { weight: 3, arbitrary: fc.oneof(...fields.map((field) => values[field].map((value) => ({ [field]: value })))) },
      { weight: 1, arbitrary: fc.record(values, { requiredKeys: [] }) },
    ),
    search: fc.record({
      text: fc.constantFrom('', 'x', 'X', 'y', '1', 'TRU', 'a'),
      fields: fc.subarray([...fields]),
    }),
    sort: fc.record({ field: fc.constantFrom(...fields), order: fc.constantFrom('asc' as const, 'desc' as const) }),
    offset: fc.oneof(fc.constant(0), fc.nat(8)),
    limit: fc.oneof(fc.nat(8), fc.constant(1000)),
  },
  { requiredKeys: ['offset', 'limit'] },
);
const expectation = fc.constantFrom('none', 'current', 'stale');
const op = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('create' as const), data }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), data, expectation }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), expectation }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('replaceMany' as const),
      picks: fc.array(fc.nat(), { maxLength: 3 }),
      data,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteAll' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('list' as const), query }) },
);

const get = (d: Data, field: string): unknown => (Object.hasOwn(d, field) ? d[field as keyof Data] : undefined);
const absent = (v: unknown) => v === undefined || v === null;

/** Written apart from the store's own compare, so that a shared mistake is less likely. */
function compare(x: unknown, y: unknown): number {
  if (absent(x) || absent(y)) return Number(absent(x)) - Number(absent(y));
  if (typeof x !== typeof y) return typeof x < typeof y ? -1 : 1;
  if (typeof x === 'number' || typeof x === 'boolean') return Number(x) - Number(y);
  return String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
}

type Row = { id: string; version: number; data: Data };

/** The naive answer: test every record, sort everything, slice. */
function naiveList(rows: Row[], q: ListQuery): { items: Row[]; total: number } {
  const text = q.search?.text.toLowerCase() ?? '';
  const found = (d: Data, f: string) => !absent(get(d, f)) && String(get(d, f)).toLowerCase().includes(text);
  const matches = rows.filter(
    (row) =>
      Object.entries(q.filter ?? {}).every(([field, value]) => get(row.data, field) === value) &&
      (text === '' || (q.search?.fields ?? []).some((f) => found(row.data, f))),
  );
  if (q.sort) {
    const { field, order } = q.sort;
    matches.sort((r, s) => compare(get(r.data, field), get(s.data, field)) || Number(r.id) - Number(s.id));
    if (order === 'desc') matches.reverse();
  }
  return { items: matches.slice(q.offset, q.offset + q.limit), total: matches.length };
}

type Op = typeof op extends fc.Arbitrary<infer O> ? O : never;

/** What the store should hold and answer, tracked the obvious way. */
class Model {
  readonly rows = new Map<string, Row>();
  issued = 0;

  constructor(initial: Data[]) {
    for (const d of initial) this.add(d);
  }

  add(d: Data): Row {
    this.issued += 1;
    const row = { id: String(this.issued), version: 1, data: d };
    this.rows.set(row.id, row);
    return row;
  }

  /** Some ids live, some deleted, some never issued. */
  idOf(pick: number): string {
    return String(1 + (pick % (this.issued + 1)));
  }

  statusOf(id: string): 'found' | 'gone' | 'missing' {
    return this.rows.has(id) ? 'found' : Number(id) > this.issued ? 'missing' : 'gone';
  }
}

async function apply(store: Store<Data>, model: Model, o: Op): Promise<void> {
  switch (o.kind) {
    case 'create':
      return void expect(await store.create(o.data)).toEqual(model.add(o.data));
    case 'list':
      return void expect(await store.list(o.query)).toEqual({
        ...naiveList([...model.rows.values()], o.query),
        revision: await store.revision(),
      });
    case 'deleteAll':
      expect(await store.deleteAll()).toEqual({ status: 'ok', count: model.rows.size });
      return model.rows.clear();
    case 'replaceMany': {
      const ids = o.picks.map((pick) => model.idOf(pick));
      const failing = ids.map((id) => model.statusOf(id)).find((status) => status !== 'found');
      const result = await store.replaceMany(ids.map((id) => ({ id, data: o.data })));
      expect(result.status).toBe(failing ?? 'ok');
      if (failing) return;
      for (const id of ids) model.rows.set(id, { id, version: model.rows.get(id)!.version + 1, data: o.data });
      return;
    }
    default: {
      const id = model.idOf(o.pick);
      const row = model.rows.get(id);
      const expected = row && o.expectation !== 'none' ? row.version + (o.expectation === 'stale' ? 1 : 0) : undefined;
      const result =
        o.kind === 'replace' ? await store.replace(id, o.data, expected) : await store.delete(id, expected);
      const status = row ? (o.expectation === 'stale' ? 'conflict' : 'ok') : model.statusOf(id);
      expect(result.status).toBe(status);
      if (!row || status !== 'ok') return;
      if (o.kind === 'delete') model.rows.delete(id);
      else model.rows.set(id, { id, version: row.version + 1, data: o.data });
    }
  }
}

describe('list against a naive reference', () => {
  it.each([
    ['without init', false],
    ['with init hints at a random point', true],
  ])('%s', async (_label, withHints) => {
    const scenario = fc.record({
      initial: fc.array(data, { maxLength: 6 }),
      ops: fc.array(op, { size: 'medium', maxLength: 60 }),
      hints: withHints ? hints : fc.constant(undefined),
      initAt: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ initial, ops, hints: hint, initAt }) => {
        const store = memoryStore<Data>({ initial });
        const model = new Model(initial);
        for (const [step, o] of ops.entries()) {
          if (hint && step === initAt % ops.length) store.init?.(storeInitFor(hint));
          await apply(store, model, o);
        }
        // A sweep over every bucket and sort, so that index damage cannot hide from the random queries.
        const sweep: ListQuery[] = [{ offset: 0, limit: 1000 }];
        for (const field of fields) {
          for (const value of domains[field]) sweep.push({ filter: { [field]: value }, offset: 0, limit: 1000 });
          for (const order of ['asc', 'desc'] as const) sweep.push({ sort: { field, order }, offset: 0, limit: 1000 });
        }
        for (const q of sweep)
          expect(await store.list(q)).toEqual({
            ...naiveList([...model.rows.values()], q),
            revision: await store.revision(),
          });
      }),
      { numRuns: 500 },
    );
  });
});
