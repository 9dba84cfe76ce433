import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import type { Store } from '../store/store.js';
import { defineCollection } from './define-collection.js';

const item = z.object({
  name: z.string().min(1),
  size: z.number().int().min(0),
  extra: z.object({ color: z.string(), shade: z.string().optional() }).optional(),
  note: z.string().nullable().optional(),
});
type Item = z.infer<typeof item>;

/** A memory store that counts the calls core makes, to see which path a PATCH took. */
function countingStore(initial: Item[]) {
  const store = memoryStore<Item>({ initial });
  const calls: string[] = [];
  const counted = new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        calls.push(key);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Store<Item>;
  return { store: counted, calls, raw: store };
}

function setup(options: { schema?: z.ZodObject; authorize?: () => boolean } = {}) {
  const { store, calls, raw } = countingStore([
    { name: 'Ada', size: 3, extra: { color: 'red', shade: 'dark' } },
    { name: 'Bert', size: 5 },
  ]);
  const items = defineCollection({
    name: 'items',
    schema: (options.schema ?? item) as typeof item,
    store,
    ...(options.authorize ? { authorize: options.authorize } : {}),
  });
  const api = createApi({ collections: [items], logger: silentLogger });
  const patch = async (id: string, body: unknown, ifMatch?: string) => {
    await api.ready();
    calls.length = 0;
    const res = await api.fetch(
      new Request(`http://x/v1/items/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/merge-patch+json', ...(ifMatch ? { 'if-match': ifMatch } : {}) },
        body: JSON.stringify(body),
      }),
    );
    return { status: res.status, etag: res.headers.get('etag'), json: (await res.json()) as Record<string, unknown> };
  };
  return { api, patch, calls, raw };
}

describe('a PATCH that needs nothing of the stored record is one write', () => {
  it('sets the sent fields with one update call, keeps the others, and answers the new version', async () => {
    const { patch, calls } = setup();
    const res = await patch('1', { size: 4 }, '"v1"');
    expect(res).toMatchObject({ status: 200, etag: '"v2"', json: { name: 'Ada', size: 4, extra: { color: 'red' } } });
    expect(calls).toEqual(['update']);
  });

  it('answers 412 for a stale If-Match and 404 / 410 for ids that are not there, writing nothing', async () => {
    const { patch, raw } = setup();
    expect((await patch('1', { size: 4 }, '"v7"')).status).toBe(412);
    expect((await patch('99', { size: 4 })).status).toBe(404);
    await raw.delete('2');
    expect((await patch('2', { size: 4 })).status).toBe(410);
    const stored = await raw.get('1');
    expect(stored).toMatchObject({ status: 'found', record: { version: 1, data: { size: 3 } } });
  });

  it('keeps the full path, and its order of answers, for an invalid body: 404 and 412 before 422', async () => {
    const { patch } = setup();
    expect((await patch('99', { size: -1 })).status).toBe(404);
    expect((await patch('1', { size: -1 }, '"v9"')).status).toBe(412);
    const invalid = await patch('1', { size: -1, name: '' });
    expect(invalid.status).toBe(422);
    expect((invalid.json.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['name', 'size']);
  });

  it('merges a nested object and removes a field for null through the full path', async () => {
    const { patch, calls } = setup();
    const merged = await patch('1', { extra: { color: 'blue' }, note: null });
    expect(merged).toMatchObject({ status: 200, json: { extra: { color: 'blue', shade: 'dark' } } });
    expect(calls).toContain('replace');
  });

  it('takes the full path where a rule must see the whole record', async () => {
    const refined = item.refine((v) => v.size < 100 || v.name !== 'Ada', { message: 'Ada stays small' });
    const checked = setup({ schema: refined });
    expect((await checked.patch('1', { size: 500 })).status).toBe(422);
    expect(checked.calls).not.toContain('update');
    const ruled = setup({ authorize: () => true });
    expect((await ruled.patch('1', { size: 6 })).status).toBe(200);
    expect(ruled.calls).toEqual(expect.arrayContaining(['get', 'replace']));
  });
});
