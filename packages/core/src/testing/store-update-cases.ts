import { expect, it } from 'vitest';
import type { Lookup } from '../store/store.js';
import type { OpenedStores, Thing } from './store-cases.js';

type WithStores = (test: (stores: OpenedStores) => Promise<void>) => () => Promise<void>;

const found = <T>(lookup: Lookup<T>) => {
  if (lookup.status !== 'found') throw new Error(`expected a record, got ${lookup.status}`);
  return lookup.record;
};

/** The cases of `Store.update`, run by `storeCases` for a store that has it. */
export function storeUpdateCases(withStores: WithStores, counted: boolean): void {
  it(
    'update sets only the given fields, raises the version, and keeps the others',
    withStores(async ({ things }) => {
      if (!things.update) return;
      const a = await things.create({ name: 'Eel', legs: 0, kind: 'eel', tags: ['wet'] });
      const updated = await things.update(a.id, { legs: 2, tags: ['dry', 'short'] }, a.version);
      const data: Thing = { name: 'Eel', legs: 2, kind: 'eel', tags: ['dry', 'short'] };
      expect(updated).toMatchObject({ status: 'ok', record: { id: a.id, data } });
      const v2 = updated.status === 'ok' ? updated.record.version : 0;
      if (counted) expect(v2).toBeGreaterThan(a.version);
      else expect(v2).not.toBe(a.version);
      expect(found(await things.get(a.id))).toEqual({ id: a.id, version: v2, data });
      // Without a version, the write goes through whatever the record holds now.
      expect(await things.update(a.id, { name: 'Moray' })).toMatchObject({
        status: 'ok',
        record: { data: { ...data, name: 'Moray' } },
      });
    }),
  );

  it(
    'update refuses a stale version and tells gone ids from missing ones, writing nothing',
    withStores(async ({ things }) => {
      if (!things.update) return;
      const a = await things.create({ name: 'Cat', legs: 4, kind: 'cat' });
      const b = await things.update(a.id, { legs: 3 }, a.version);
      const now = b.status === 'ok' ? b.record : undefined;
      expect(await things.update(a.id, { legs: 5 }, a.version)).toEqual({ status: 'conflict', current: now });
      expect(found(await things.get(a.id))).toEqual(now);
      await things.delete(a.id);
      expect(await things.update(a.id, { legs: 1 })).toEqual({ status: 'gone' });
      for (const id of ['999999999', 'no-such-id', '']) {
        expect(await things.update(id, { legs: 1 })).toEqual({ status: 'missing' });
      }
    }),
  );

  it(
    'update of no field still holds to the expected version',
    withStores(async ({ things }) => {
      if (!things.update) return;
      const a = await things.create({ name: 'Owl', legs: 2, kind: 'cat' });
      const b = await things.update(a.id, { legs: 3 });
      const now = b.status === 'ok' ? b.record : undefined;
      // A version that is no longer the record's is refused, whatever the update would set.
      expect(await things.update(a.id, {}, a.version)).toEqual({ status: 'conflict', current: now });
      expect(await things.update(a.id, {}, now?.version)).toMatchObject({ status: 'ok', record: { data: now?.data } });
      expect(await things.update('no-such-id', {})).toEqual({ status: 'missing' });
    }),
  );

  it(
    'update with one expected version lets exactly one of many parallel writers through',
    withStores(async ({ things }) => {
      if (!things.update) return;
      const a = await things.create({ name: 'Dog', legs: 4, kind: 'dog' });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => things.update!(a.id, { legs: i + 10 }, a.version)),
      );
      expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'conflict')).toHaveLength(19);
    }),
  );
}
