import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { startTokenApi } from './testing/token-api.js';

describe('client-credentials tokens from a real authorization server', () => {
  // Tokens that outlive the test, so only the client's own decisions cause a token request...
  let api: Awaited<ReturnType<typeof startTokenApi>>;
  // ...and short-lived ones for the expiry case. A JWT's `exp` is in whole seconds, so a 2-second
  // token lives between 1 and 2 seconds: never too short for the retried request to get through.
  let shortLived: Awaited<ReturnType<typeof startTokenApi>>;
  beforeAll(async () => {
    [api, shortLived] = await Promise.all([startTokenApi(), startTokenApi({ tokenTtlSeconds: 2 })]);
  });
  afterAll(() => Promise.all([api.close(), shortLived.close()]));

  const auth = (now?: () => number, issuer = api.issuer) => ({
    issuer,
    clientId: 'notes-app',
    clientSecret: 'notes-secret',
    renewBeforeSeconds: 0,
    ...(now ? { now } : {}),
  });

  it('finds the token endpoint by discovery and shares one token request among concurrent calls', async () => {
    const client = createClient({ baseUrl: `${api.origin}/v1`, auth: auth() });
    const before = api.tokenRequests();
    const notes = client.collection('notes');
    const pages = await Promise.all(Array.from({ length: 5 }, () => notes.list()));
    expect(pages.map((page) => page.total)).toEqual([1, 1, 1, 1, 1]);
    expect(api.tokenRequests() - before).toBe(1);
    await client.close();
  });

  it('survives a token expiring: the 401 renews it once and the request is sent again', async () => {
    // A clock that never moves: the client believes its token is fresh, so only the server's 401 tells.
    const frozen = Date.now();
    const client = createClient({
      baseUrl: `${shortLived.origin}/v1`,
      auth: auth(() => frozen, shortLived.issuer),
      etagCacheSize: 0,
    });
    const notes = client.collection('notes');
    expect((await notes.get('1')).text).toBe('first');
    const before = shortLived.tokenRequests();
    await sleep(2100); // the token (at most 2 seconds) is now expired
    expect((await notes.get('1')).text).toBe('first');
    expect(shortLived.tokenRequests() - before).toBe(1);
    await client.close();
  });

  it('renews before expiry by its own clock, without a refused request', async () => {
    let now = Date.now();
    const client = createClient({ baseUrl: `${api.origin}/v1`, auth: auth(() => now) });
    await client.collection('notes').list();
    const before = api.tokenRequests();
    now += 601_000; // past the 600-second lifetime by the client's clock; the server still accepts the old token
    await client.collection('notes').list();
    expect(api.tokenRequests() - before).toBe(1);
    await client.close();
  });
});
