import { ApiError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import type { Authenticator } from './principal.js';

/** Stands in for an auth adapter: the bearer value names the subject and its scopes, e.g. `ann+notes:read`. */
const tokenAuth: Authenticator = {
  async authenticate(request) {
    const header = request.header('authorization');
    if (!header) return undefined;
    const [subject = '', ...scopes] = header.replace(/^Bearer /, '').split('+');
    if (subject === 'bad')
      throw new ApiError('authenticationRequired', 'bad token', {
        headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
      });
    return { subject, scopes: new Set(scopes), claims: {} };
  },
  challenge: (kind, scope) => ({
    'www-authenticate':
      kind === 'missing' ? 'Bearer realm="test"' : `Bearer error="insufficient_scope", scope="${scope}"`,
  }),
};

function api() {
  const notes = defineCollection({
    name: 'notes',
    schema: z.object({ text: z.string() }),
    scopes: { read: 'notes:read', write: 'notes:write' },
  });
  return createApi({ collections: [notes], auth: tokenAuth, logger: silentLogger });
}

const send = (
  a: ReturnType<typeof api>,
  method: string,
  path: string,
  token?: string,
  extra: Record<string, string> = {},
) =>
  a.fetch(
    new Request(`http://x${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra },
    }),
  );

describe('scopes enforced by core', () => {
  it('keeps the root document public and everything else behind a token', async () => {
    const a = api();
    expect((await send(a, 'GET', '/v1')).status).toBe(200);
    const anonymous = await send(a, 'GET', '/v1/notes');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="test"');
    expect(await anonymous.json()).toEqual({
      message: expect.stringMatching(/[Aa]uthentication/),
      documentation_url: '/v1/errors/1016',
    });
  });

  it('answers 403 with the missing scope', async () => {
    const a = api();
    const res = await send(a, 'DELETE', '/v1/notes', 'ann+notes:read');
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="notes:write"');
    expect(await res.json()).toEqual({
      message: expect.stringContaining('notes:write'),
      documentation_url: '/v1/errors/1017',
    });
  });

  it('lists writable properties in OPTIONS only for callers with the write scope', async () => {
    const a = api();
    expect((await (await send(a, 'OPTIONS', '/v1/notes', 'ann+notes:read')).json()).writable).toEqual([]);
    expect((await (await send(a, 'OPTIONS', '/v1/notes', 'ann+notes:read+notes:write')).json()).writable).toEqual([
      'text',
    ]);
    expect((await send(a, 'OPTIONS', '/v1/notes')).status).toBe(401);
  });

  it('shows a job only to its own subject with the scope of the work', async () => {
    const a = api();
    const accepted = await send(a, 'DELETE', '/v1/notes', 'ann+notes:write', { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    const location = accepted.headers.get('location')!;
    expect((await send(a, 'GET', location, 'ann+notes:write')).status).toBe(200);
    expect((await send(a, 'GET', location, 'bob+notes:write')).status).toBe(404);
    expect((await send(a, 'GET', location, 'ann+notes:read')).status).toBe(403);
    expect((await send(a, 'GET', location)).status).toBe(401);
  });
});
