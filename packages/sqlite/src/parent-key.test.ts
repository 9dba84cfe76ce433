import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi, defineCollection, silentLogger } from '@corral/core';
import { fetchTransport, type Transport } from '@corral/core/testing';
import { sqliteDatabase } from './database.js';

// A child created under a path's parent is one INSERT whose foreign key checks the parent: the
// answers must be those of a create that read the parent first.
describe('sqlite: creates under a parent checked by the foreign key', () => {
  const database = sqliteDatabase({ path: ':memory:' });
  const pens = defineCollection({ name: 'pens', schema: z.object({ name: z.string() }), store: database.store() });
  const birds = defineCollection({
    name: 'birds',
    schema: z.object({ name: z.string().min(2), penId: z.string() }),
    parent: { collection: pens, field: 'penId', onParentDelete: 'restrict' },
    store: database.store(),
  });
  let http: Transport;
  let pen: string;
  beforeAll(async () => {
    const api = createApi({ collections: [pens, birds], logger: silentLogger });
    await api.ready();
    http = fetchTransport(api);
    pen = (await http.send('POST', '/v1/pens', { body: { name: 'North' } })).json.id;
  });
  afterAll(() => database.close());

  it('says the store enforces the parent key', () => {
    expect(birds.store.enforcesParentKeys).toBe(true);
    expect(pens.store.enforcesParentKeys).toBe(false);
  });

  it('creates under an existing parent', async () => {
    const created = await http.send('POST', `/v1/pens/${pen}/birds`, { body: { name: 'Kea' } });
    expect(created.status).toBe(201);
    expect(created.json.penId).toBe(pen);
  });

  it('answers 404 for a parent that never was, also for a body it would refuse', async () => {
    expect((await http.send('POST', '/v1/pens/999/birds', { body: { name: 'Kea' } })).status).toBe(404);
    expect((await http.send('POST', '/v1/pens/999/birds', { body: { name: 'K' } })).status).toBe(404);
    expect((await http.send('POST', '/v1/pens/nope/birds', { body: { name: 'Kea' } })).status).toBe(404);
  });

  it('answers 410 for a parent that was deleted', async () => {
    const gone = (await http.send('POST', '/v1/pens', { body: { name: 'South' } })).json.id;
    expect((await http.send('DELETE', `/v1/pens/${gone}`)).status).toBe(204);
    expect((await http.send('POST', `/v1/pens/${gone}/birds`, { body: { name: 'Kea' } })).status).toBe(410);
  });

  it('answers 422 for a body it refuses under an existing parent', async () => {
    expect((await http.send('POST', `/v1/pens/${pen}/birds`, { body: { name: 'K' } })).status).toBe(422);
    const other = { name: 'Kea', penId: '999' };
    expect((await http.send('POST', `/v1/pens/${pen}/birds`, { body: other })).status).toBe(422);
  });
});
