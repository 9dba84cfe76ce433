import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };

describe('tokens from a real authorization server', () => {
  it('grants every allowed scope when the token request names none', async () => {
    expect((await h.token('admin', 'admin-secret')).scope).toBe('notes:read notes:write');
    expect((await h.token('admin', 'admin-secret', 'notes:read')).scope).toBe('notes:read');
  });

  it('lets a valid token read and write, and hands the principal to the collection rules', async () => {
    const { access_token } = await h.token('admin', 'admin-secret');
    const created = await h.send(
      'POST',
      '/v1/notes',
      { ...bearer(access_token), ...json },
      JSON.stringify({ text: 'hi', owner: 'admin' }),
    );
    expect(created.status).toBe(201);
    const list = await h.send('GET', '/v1/notes', bearer(access_token));
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(1);
  });

  it('answers 401 without a token: a bare challenge and the seed body', async () => {
    const res = await h.send('GET', '/v1/notes');
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    expect(res.json).toEqual({
      message: expect.stringMatching(/[Aa]uthentication is required/),
      documentation_url: '/v1/errors/1016',
    });
  });

  it('answers 403 with insufficient_scope and the scope needed', async () => {
    const { access_token } = await h.token('reader', 'reader-secret');
    expect((await h.send('GET', '/v1/notes', bearer(access_token))).status).toBe(200);
    const res = await h.send(
      'POST',
      '/v1/notes',
      { ...bearer(access_token), ...json },
      JSON.stringify({ text: 'x', owner: 'reader' }),
    );
    expect(res.status).toBe(403);
    expect(res.headers['www-authenticate']).toBe(
      'Bearer realm="api", error="insufficient_scope", error_description="The token lacks the scope notes:write", scope="notes:write"',
    );
    expect(res.json).toEqual({ message: expect.stringContaining('notes:write'), documentation_url: '/v1/errors/1017' });
  });

  it('keeps the root document public', async () => {
    expect((await h.send('GET', '/v1')).status).toBe(200);
    expect((await h.send('GET', '/v1/errors/1016')).status).toBe(200);
  });

  it('applies the object-level rule and the list restriction of the collection', async () => {
    const admin = (await h.token('admin', 'admin-secret')).access_token;
    const boss = (await h.token('boss', 'boss-secret')).access_token;
    const planted = await h.send(
      'POST',
      '/v1/notes',
      { ...bearer(admin), ...json },
      JSON.stringify({ text: 'planted', owner: 'someone-else' }),
    );
    expect(planted.status).toBe(403);
    const created = await h.send(
      'POST',
      '/v1/notes',
      { ...bearer(boss), ...json },
      JSON.stringify({ text: 'not mine', owner: 'someone-else' }),
    );
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const patch = await h.send(
      'PATCH',
      `/v1/notes/${id}`,
      { ...bearer(admin), ...json },
      JSON.stringify({ text: 'changed' }),
    );
    expect(patch.status).toBe(403);
    expect((await h.send('GET', `/v1/notes/${id}`, bearer(admin))).status).toBe(200);
    const mine = await h.send('GET', '/v1/notes', bearer(admin));
    expect(mine.json.notes.every((n: { owner: string }) => n.owner === 'admin')).toBe(true);
    const own = await h.send(
      'POST',
      '/v1/notes',
      { ...bearer(admin), ...json },
      JSON.stringify({ text: 'mine', owner: 'admin' }),
    );
    const giveAway = await h.send(
      'PATCH',
      `/v1/notes/${own.json.id}`,
      { ...bearer(admin), 'content-type': 'application/merge-patch+json' },
      JSON.stringify({ owner: 'bob' }),
    );
    expect(giveAway.status).toBe(403);
  });

  it('gives each caller its own list ETag when lists differ by caller', async () => {
    const admin = (await h.token('admin', 'admin-secret')).access_token;
    const boss = (await h.token('boss', 'boss-secret')).access_token;
    const adminTag = (await h.send('GET', '/v1/notes', bearer(admin))).headers.etag as string;
    const bossTag = (await h.send('GET', '/v1/notes', bearer(boss))).headers.etag as string;
    expect(adminTag).not.toBe(bossTag);
    expect((await h.send('GET', '/v1/notes', { ...bearer(admin), 'if-none-match': bossTag })).status).toBe(200);
    expect((await h.send('GET', '/v1/notes', { ...bearer(admin), 'if-none-match': adminTag })).status).toBe(304);
  });

  it('does not let bulk DELETE remove records the caller could not delete one by one', async () => {
    const admin = (await h.token('admin', 'admin-secret')).access_token;
    const boss = (await h.token('boss', 'boss-secret')).access_token;
    const others = await h.send(
      'POST',
      '/v1/notes',
      { ...bearer(boss), ...json },
      JSON.stringify({ text: 'kept', owner: 'carol' }),
    );
    const res = await h.send('DELETE', '/v1/notes', bearer(admin));
    expect(res.status).toBe(204);
    expect((await h.send('GET', `/v1/notes/${others.json.id}`, bearer(boss))).status).toBe(200);
    expect((await h.send('GET', '/v1/notes', bearer(admin))).json.total).toBe(0);
  });
});

describe('where the token may travel', () => {
  it('refuses a token in the query string (400 invalid_request)', async () => {
    const { access_token } = await h.token('admin', 'admin-secret');
    const res = await h.send('GET', `/v1/notes?access_token=${access_token}`);
    expect(res.status).toBe(400);
    expect(res.headers['www-authenticate']).toMatch(/error="invalid_request"/);
    expect(res.json.errorCode).toBe(1020);
  });

  it('refuses two Authorization headers', async () => {
    const { access_token } = await h.token('admin', 'admin-secret');
    const res = await h.send('GET', '/v1/notes', {
      authorization: [`Bearer ${access_token}`, `Bearer ${access_token}`],
    });
    expect(res.status).toBe(400);
  });

  it('never takes a token from a form-encoded body: 401 without a header, 415 with one', async () => {
    const { access_token } = await h.token('admin', 'admin-secret');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const anonymous = await h.send('POST', '/v1/notes', form, `access_token=${access_token}&text=x`);
    expect(anonymous.status).toBe(401);
    const withHeader = await h.send('POST', '/v1/notes', { ...form, ...bearer(access_token) }, 'text=x&owner=admin');
    expect(withHeader.status).toBe(415);
  });

  it('refuses malformed bearer values with 401 invalid_token', async () => {
    for (const authorization of ['Bearer', 'Bearer a b', 'Bearer ä']) {
      const res = await h.send('GET', '/v1/notes', { authorization });
      expect(res.status, authorization).toBe(401);
      expect(res.headers['www-authenticate'], authorization).toMatch(/error="invalid_token"/);
    }
  });

  it('answers a Basic credential with 401 and a challenge without an error code', async () => {
    const res = await h.send('GET', '/v1/notes', { authorization: 'Basic YWRtaW46YWRtaW4tc2VjcmV0' });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    expect(res.json.message).toMatch(/bearer tokens/);
  });
});
