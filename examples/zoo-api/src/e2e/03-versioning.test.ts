// zoo-api.md, "Versioning": GET / lists the versions; every API path starts with /v<N>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSimpleError, get, type RunningZoo, startZooWithTokens } from './helpers.js';

describe('Versioning', () => {
  let zoo: RunningZoo;
  let admin: string;
  beforeAll(async () => ({ zoo, admin } = await startZooWithTokens()));
  afterAll(() => zoo.close());

  it('lists the versions at GET /, without a token', async () => {
    const reply = await get(zoo, '/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.body).toEqual({ versions: [{ version: 'v1', href: '/v1' }] });
  });

  it('serves the listed version at its href', async () => {
    const { body } = await get(zoo, '/');
    const root = await get(zoo, body.versions[0].href);
    expect(root.status).toBe(200);
    expect(root.body.link).toMatchObject({ rel: 'self', href: '/v1' });
    expect((await get(zoo, `${body.versions[0].href}/zoos`, admin)).status).toBe(200);
  });

  it.each([
    ['a path without a version', '/zoos'],
    ['a path without a version, below a member', '/zoos/1'],
    ['a minor version', '/v1.2/zoos'],
    ['a minor version of the current major', '/v1.0/zoos'],
    ['an unknown major version', '/v2/zoos'],
    ['version zero', '/v0/zoos'],
    ['an unknown major version alone', '/v2'],
  ])('answers %s (%s) with 404 and a simple error naming the valid versions', async (_case, path) => {
    const reply = await get(zoo, path, admin);
    expectSimpleError(reply, 404);
    expect(reply.body.error).toContain('v1');
  });

  it('answers the same 404 without a token: the version check needs no credentials', async () => {
    const reply = await get(zoo, '/v2/zoos');
    expectSimpleError(reply, 404);
    expect(reply.body.error).toContain('v1');
  });
});
