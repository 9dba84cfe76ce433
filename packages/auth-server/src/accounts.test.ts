import { isCorralError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { accountsFrom } from './accounts.js';
import { createAuthorizationServer } from './authorization-server.js';
import { hashPassword } from './password-hash.js';

describe('accounts', () => {
  it('checks a password against its account only, and tells nothing about unknown names', async () => {
    const accounts = await accountsFrom([
      { username: 'ada', passwordHash: await hashPassword('one'), scopes: ['a'] },
      { username: 'bob', passwordHash: await hashPassword('two'), scopes: [] },
    ]);
    expect(await accounts.check('ada', 'one')).toBe('ada');
    expect(await accounts.check('ada', 'two')).toBeUndefined();
    expect(await accounts.check('nobody', 'one')).toBeUndefined();
    expect(accounts.scopesOf('ada')).toEqual(['a']);
    expect(accounts.scopesOf('nobody')).toBeUndefined();
  });

  it('stops the start for a name given twice, an unreadable hash or scopes that are not a list', async () => {
    const hash = await hashPassword('x');
    const refusal = (users: unknown[]) =>
      accountsFrom(users as never).then(
        () => undefined,
        (error: unknown) => error,
      );
    for (const [users, message] of [
      [
        [
          { username: 'a', passwordHash: hash, scopes: [] },
          { username: 'a', passwordHash: hash, scopes: [] },
        ],
        /appears twice/,
      ],
      [[{ username: 'a', passwordHash: 'secret', scopes: [] }], /users\[0\]\.passwordHash/],
      // Within each bound, yet 4 GiB of memory a check (128 * N * r): refused at start.
      [
        [{ username: 'a', passwordHash: hash.replace('$32768$8$', '$1048576$32$'), scopes: [] }],
        /users\[0\]\.passwordHash/,
      ],
      [[{ username: '', passwordHash: hash, scopes: [] }], /users\[0\]\.username/],
      [[{ username: 'a', passwordHash: hash, scopes: 'a b' }], /users\[0\]\.scopes/],
    ] as const) {
      const error = await refusal([...users]);
      expect(isCorralError(error) && error.code, String(message)).toBe('CORRAL_INVALID_USER');
      expect((error as Error).message).toMatch(message);
    }
  });

  it('stops the start for a user name that is also the id of a machine client (both would be one subject)', async () => {
    const user = { username: 'reporting', passwordHash: await hashPassword('x'), scopes: ['s'] };
    const error = await createAuthorizationServer({
      issuer: 'http://127.0.0.1:1/oauth',
      audience: 'urn:api',
      clients: [{ clientId: 'reporting', clientSecret: 'secret', scopes: ['s'] }],
      users: [user],
      publicClients: [{ clientId: 'app', redirectUris: ['http://127.0.0.1:1/cb'] }],
    }).then(
      () => undefined,
      (refused: unknown) => refused,
    );
    expect(isCorralError(error) && error.code).toBe('CORRAL_INVALID_USER');
    expect((error as Error).message).toMatch(/users\[0\]\.username "reporting" is also a client id/);
  });

  it('wants users and public clients together, and absolute redirect URIs', async () => {
    const user = { username: 'a', passwordHash: await hashPassword('x'), scopes: ['s'] };
    const base = { issuer: 'http://127.0.0.1:1/oauth', audience: 'urn:api', clients: [] };
    await expect(createAuthorizationServer({ ...base, users: [user] })).rejects.toThrow(/publicClients/);
    await expect(
      createAuthorizationServer({
        ...base,
        users: [user],
        publicClients: [{ clientId: 'app', redirectUris: ['/cb'] }],
      }),
    ).rejects.toThrow(/"\/cb" is not an absolute http\(s\) URL/);
  });
});
