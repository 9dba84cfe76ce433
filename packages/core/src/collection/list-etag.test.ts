import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import type { Store } from '../store/store.js';
import { defineCollection } from './define-collection.js';

type Bird = { name: string };

/**
 * A store over a table other programs also write: its revision counts only its own writes. Here
 * the "other program" writes through the inner store, which the revision below never sees.
 */
function sharedTableStore(inner: Store<Bird>): Store<Bird> {
  return {
    ...inner,
    revisionScope: 'own-writes',
    list: async (query, options) => ({ ...(await inner.list(query, options)), revision: 7 }),
    revision: async () => 7,
  };
}

describe('list tags of a store that does not see every write', () => {
  const inner = memoryStore<Bird>({ initial: [{ name: 'Kea' }, { name: 'Tui' }] });
  const api = createApi({
    collections: [
      defineCollection({ name: 'birds', schema: z.object({ name: z.string() }), store: sharedTableStore(inner) }),
    ],
    logger: silentLogger,
  });
  const list = (headers: Record<string, string> = {}) => api.fetch(new Request('http://x/v1/birds', { headers }));

  it('change with the page even when the revision does not, and still carry the revision for bulk If-Match', async () => {
    const first = await list();
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"r7\.[a-z0-9]{2,24}"$/);
    expect((await list({ 'if-none-match': tag })).status).toBe(304);
    await inner.replace('1', { name: 'Kea (renamed elsewhere)' });
    const second = await list({ 'if-none-match': tag });
    expect(second.status).toBe(200);
    expect(second.headers.get('etag')).not.toBe(tag);
    expect(second.headers.get('etag')).toMatch(/^"r7\./);
    await inner.create({ name: 'Moa' });
    expect((await list()).headers.get('etag')).not.toBe(second.headers.get('etag'));
  });
});
