// Every failure is a CorralClientError whose kind says what went wrong: here the kinds that come
// with (or instead of) an answer, against a real API and authorization server on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { ConflictError, CorralClientError } from './errors.js';
import { startTokenApi } from './testing/token-api.js';

describe('the kind of each failure the client reports', () => {
  let api: Awaited<ReturnType<typeof startTokenApi>>;
  beforeAll(async () => {
    api = await startTokenApi();
  });
  afterAll(() => api.close());
  const auth = (clientSecret = 'notes-secret', scope?: string) => ({
    issuer: api.issuer,
    clientId: 'notes-app',
    clientSecret,
    ...(scope ? { scope } : {}),
  });
  const clientWith = (secret?: string, scope?: string) =>
    createClient({ baseUrl: `${api.origin}/v1`, auth: auth(secret, scope) });

  it('http: an error answer, with its status, catalogue code and field errors', async () => {
    const client = clientWith();
    const missing = await client
      .collection('notes')
      .get('404')
      .catch((caught: unknown) => caught);
    expect(missing).toBeInstanceOf(CorralClientError);
    expect(missing).toMatchObject({ kind: 'http', status: 404, request: `GET ${api.origin}/v1/notes/404` });
    const invalid = await client
      .collection('notes')
      .create({ text: 'x'.repeat(101) })
      .catch((caught: unknown) => caught);
    expect(invalid).toMatchObject({
      kind: 'http',
      status: 422,
      fieldErrors: [expect.objectContaining({ field: 'text' })],
    });
    expect((invalid as CorralClientError).errorCode).toBeTypeOf('number');
    await client.close();
  });

  it('conflict: a 412 for a write over a changed record, with the record as it is now', async () => {
    const client = clientWith();
    const notes = client.collection('notes');
    const error = await notes.patch('1', { text: 'second' }, { ifMatch: '"stale"' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ kind: 'conflict', status: 412, current: { id: '1', text: 'first' } });
    await client.close();
  });

  it('token: the token endpoint refused, with its OAuth error code and status', async () => {
    const wrongSecret = clientWith('not-the-secret');
    await expect(wrongSecret.collection('notes').list()).rejects.toMatchObject({
      name: 'CorralClientError',
      kind: 'token',
      status: 401,
      oauthError: 'invalid_client',
      request: expect.stringMatching(/^POST http:\/\/127\.0\.0\.1:\d+\/oauth\/token$/),
    });
    const badScope = clientWith(undefined, 'zoo:everything');
    await expect(badScope.collection('notes').list()).rejects.toMatchObject({
      kind: 'token',
      status: 400,
      oauthError: 'invalid_scope',
    });
    await Promise.all([wrongSecret.close(), badScope.close()]);
  });

  it('configuration: settings that cannot work, and a collection the root document does not name', async () => {
    const bad = (baseUrl: string) => () => createClient({ baseUrl });
    for (const baseUrl of ['127.0.0.1:3000/v1', 'ftp://127.0.0.1/v1', `${api.origin}/v1?x=1`])
      expect(bad(baseUrl)).toThrow(expect.objectContaining({ kind: 'configuration', status: 0 }));
    expect(() => createClient({ baseUrl: `${api.origin}/v1`, auth: { ...auth(), issuer: 'oauth' } })).toThrow(
      'auth.issuer must be an http(s) URL',
    );
    const client = clientWith();
    await expect(client.collection('notez').list()).rejects.toMatchObject({
      kind: 'configuration',
      message: `The root document of ${api.origin}/v1 names no collection "notez"; it names: notes`,
    });
    await client.close();
  });

  it('usage: a rel the record does not link, a record of another collection, a URL that is none', async () => {
    const client = clientWith();
    const notes = client.collection('notes');
    const note = await notes.get('1');
    await expect(note.follow('author')).rejects.toMatchObject({
      kind: 'usage',
      message: expect.stringContaining('self'),
    });
    const stranger = { id: '1', links: [{ rel: 'self', href: '/v1/people/1' }] };
    await expect(notes.delete(stranger)).rejects.toMatchObject({ kind: 'usage', status: 0 });
    await expect(client.read('http://[::1')).rejects.toMatchObject({ kind: 'usage' });
    await expect(notes.list({ filter: { text: { in: ['a,b'] } } })).rejects.toMatchObject({ kind: 'usage' });
    expect((await notes.get('1')).text).toBe('first'); // nothing was deleted
    await client.close();
  });

  it('protocol: an answer that is not what the conventions promise (a record where a list belongs)', async () => {
    const client = clientWith();
    const pages = client.pages(`${api.origin}/v1/notes/1`);
    await expect(pages.next()).rejects.toMatchObject({ kind: 'protocol', status: 200 });
    await client.close();
  });
});
