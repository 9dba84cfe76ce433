import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { createApi } from './create-api.js';

describe('several major versions side by side', () => {
  const v1People = defineCollection({
    name: 'people',
    schema: z.object({ fullName: z.string() }),
    store: memoryStore({ initial: [{ fullName: 'Ann Lee' }] }),
  });
  const v2People = defineCollection({
    name: 'persons',
    schema: z.object({ firstName: z.string(), lastName: z.string() }),
    store: memoryStore({ initial: [{ firstName: 'Ann', lastName: 'Lee' }] }),
  });
  const api = createApi({
    basePath: '/api',
    versions: [
      { version: 1, collections: [v1People] },
      { version: 2, collections: [v2People] },
    ],
    logger: silentLogger,
  });
  const get = async (path: string) => {
    const res = await api.fetch(new Request(`http://x${path}`));
    return { status: res.status, body: await res.json() };
  };

  it('lists every version and serves each with its own collections and links', async () => {
    expect((await get('/api')).body).toEqual({
      versions: [
        { version: 'v1', href: '/api/v1' },
        { version: 'v2', href: '/api/v2' },
      ],
    });
    expect((await get('/api/v1/people/1')).body).toMatchObject({
      fullName: 'Ann Lee',
      links: [{ rel: 'self', href: '/api/v1/people/1' }],
    });
    expect((await get('/api/v2/persons/1')).body).toMatchObject({
      firstName: 'Ann',
      links: [{ rel: 'self', href: '/api/v2/persons/1' }],
    });
    expect((await get('/api/v2')).body.persons_url).toBe('/api/v2/persons');
  });

  it('keeps the versions apart and names both when the version is wrong', async () => {
    expect((await get('/api/v2/people')).status).toBe(404);
    expect((await get('/api/v1/persons')).status).toBe(404);
    const unknown = await get('/api/v3/people');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/v1, v2/);
  });

  it('refuses mixing the single-version options with versions', () => {
    expect(() => createApi({ version: 1, versions: [{ version: 2 }] })).toThrow(/either/);
  });
});
