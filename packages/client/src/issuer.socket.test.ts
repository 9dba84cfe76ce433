// The client trusts one issuer and one API host: issuer metadata must name exactly the issuer it
// was given (RFC 8414 section 3.3), and requests go only to baseUrl's origin or where the API linked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { CorralClientError } from './errors.js';
import { startTokenApi } from './testing/token-api.js';

const credentials = { clientId: 'notes-app', clientSecret: 'notes-secret' };

describe('issuer metadata and the hosts requests go to, against a real authorization server', () => {
  // One server naming itself by the address it listens on, one naming itself `localhost`.
  let plain: Awaited<ReturnType<typeof startTokenApi>>;
  let namedLocalhost: Awaited<ReturnType<typeof startTokenApi>>;
  beforeAll(async () => {
    [plain, namedLocalhost] = await Promise.all([startTokenApi(), startTokenApi({ publicHost: 'localhost' })]);
  });
  afterAll(() => Promise.all([plain.close(), namedLocalhost.close()]));

  it('uses the metadata of the issuer it was given when the metadata names that issuer', async () => {
    const client = createClient({ baseUrl: `${plain.origin}/v1`, auth: { issuer: plain.issuer, ...credentials } });
    expect((await client.collection('notes').get('1')).text).toBe('first');
    await client.close();
  });

  it('refuses metadata naming localhost when given 127.0.0.1, and sends nothing further', async () => {
    const given = namedLocalhost.issuer.replace('localhost', '127.0.0.1');
    const client = createClient({ baseUrl: `${namedLocalhost.origin}/v1`, auth: { issuer: given, ...credentials } });
    const before = namedLocalhost.requests().length;
    const error = await client
      .collection('notes')
      .get('1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CorralClientError);
    expect(error).toMatchObject({ kind: 'configuration', status: 200 });
    expect((error as Error).message).toContain(`names the issuer "${namedLocalhost.issuer}", not "${given}"`);
    // Only the discovery document was asked for: no token request, no API request.
    const port = new URL(namedLocalhost.origin).port;
    expect(namedLocalhost.requests().slice(before)).toEqual([
      `127.0.0.1:${port} GET /oauth/.well-known/openid-configuration`,
    ]);
    await client.close();
  });

  it('refuses metadata naming 127.0.0.1 when given localhost', async () => {
    const given = plain.issuer.replace('127.0.0.1', 'localhost');
    const client = createClient({ baseUrl: `${plain.origin}/v1`, auth: { issuer: given, ...credentials } });
    await expect(client.collection('notes').list()).rejects.toMatchObject({
      kind: 'configuration',
      message: expect.stringContaining('RFC 8414'),
    });
    expect(plain.tokenRequests()).toBe(1); // the first test's only
    await client.close();
  });

  it('follows links the API gives to its own public host, and nothing it was not given', async () => {
    const client = createClient({
      baseUrl: `${namedLocalhost.origin}/v1`,
      auth: { issuer: namedLocalhost.issuer, ...credentials },
    });
    const elsewhere = `${namedLocalhost.origin.replace('127.0.0.1', 'localhost')}/v1/notes/1`;
    const before = namedLocalhost.requests().length;
    await expect(client.read(elsewhere)).rejects.toMatchObject({ kind: 'usage', status: 0 });
    expect(namedLocalhost.requests().slice(before)).toEqual([]); // refused before asking for a token, too
    // The root document links the collection on localhost (`notes_url`): a host the API named.
    expect((await client.collection('notes').list()).items[0]?.text).toBe('first');
    const port = new URL(namedLocalhost.origin).port;
    expect(namedLocalhost.requests()).toContain(`localhost:${port} GET /v1/notes`);
    expect(((await client.read(elsewhere)) as { text: string }).text).toBe('first');
    await client.close();
  });
});
