import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi, defineCollection, silentLogger } from '@corral/core';
import { fetchTransport, type Transport } from '@corral/core/testing';
import { sqliteDatabase } from './database.js';

// A DELETE whose If-Match names one version is the store's conditional delete alone (no read
// first): its answers must be those of a delete that read the record and compared tags.
describe('sqlite: DELETE with If-Match, decided by the conditional delete', () => {
  const database = sqliteDatabase({ path: ':memory:' });
  const notes = defineCollection({ name: 'notes', schema: z.object({ text: z.string() }), store: database.store() });
  let http: Transport;
  const newNote = async () => (await http.send('POST', '/v1/notes', { body: { text: 'a' } })).json.id as string;
  beforeAll(async () => {
    const api = createApi({ collections: [notes], logger: silentLogger });
    await api.ready();
    http = fetchTransport(api);
  });
  afterAll(() => database.close());

  it('deletes at the named version, and refuses another with 412, changing nothing', async () => {
    const id = await newNote();
    await http.send('PATCH', `/v1/notes/${id}`, { body: { text: 'b' } });
    const stale = await http.send('DELETE', `/v1/notes/${id}`, { headers: { 'if-match': '"v1"' } });
    expect(stale.status).toBe(412);
    expect((await http.send('GET', `/v1/notes/${id}`)).status).toBe(200);
    expect((await http.send('DELETE', `/v1/notes/${id}`, { headers: { 'if-match': '"v2"' } })).status).toBe(204);
  });

  it('answers 404 for a record that never was and 410 for one deleted', async () => {
    expect((await http.send('DELETE', '/v1/notes/999', { headers: { 'if-match': '"v1"' } })).status).toBe(404);
    expect((await http.send('DELETE', '/v1/notes/x', { headers: { 'if-match': '"v1"' } })).status).toBe(404);
    const id = await newNote();
    expect((await http.send('DELETE', `/v1/notes/${id}`)).status).toBe(204);
    expect((await http.send('DELETE', `/v1/notes/${id}`, { headers: { 'if-match': '"v1"' } })).status).toBe(410);
  });

  it('still compares other If-Match forms with the record read', async () => {
    const id = await newNote();
    expect((await http.send('DELETE', `/v1/notes/${id}`, { headers: { 'if-match': 'W/"v1"' } })).status).toBe(412);
    const listed = await http.send('DELETE', `/v1/notes/${id}`, { headers: { 'if-match': '"v9", "v1"' } });
    expect(listed.status).toBe(204);
  });
});
