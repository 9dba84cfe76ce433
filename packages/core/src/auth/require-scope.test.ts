import { describe, expect, it } from 'vitest';
import type { Authenticator, Principal } from './principal.js';
import { accessFor, hasScope, requireAccess } from './require-scope.js';

/** The check a route guarded by `scope` (any token when undefined) gets from the pipeline. */
const requireScope = (a: Authenticator | undefined, p: Principal | undefined, scope: string | undefined) =>
  requireAccess(a, p, accessFor(scope));
import { refusal } from '../testing/refusal.js';

/** An authenticator whose challenges say what was asked, as an OAuth adapter would. */
const auth: Authenticator = {
  authenticate: async () => undefined,
  challenge: (kind, scope) =>
    kind === 'missing'
      ? { 'www-authenticate': 'Bearer realm="test"' }
      : { 'www-authenticate': `Bearer realm="test", error="insufficient_scope", scope="${scope}"` },
};

const reader: Principal = {
  subject: 'zoo-reader',
  clientId: 'zoo-reader',
  scopes: new Set(['zoo:read', 'staff:read']),
  claims: {},
};

describe('requireAccess', () => {
  it('never asks for a token on a public route', () => {
    expect(() => requireAccess(auth, undefined, 'public')).not.toThrow();
  });

  it('lets everyone through when the API has no authenticator', () => {
    expect(() => requireScope(undefined, undefined, 'zoo:write')).not.toThrow();
    expect(() => requireScope(undefined, undefined, undefined)).not.toThrow();
  });

  it('answers 401 with the challenge headers when there is no principal', () => {
    for (const scope of ['zoo:read', undefined]) {
      const error = refusal(() => requireScope(auth, undefined, scope));
      expect(error).toMatchObject({ status: 401, errorCode: 1016, codeName: 'authenticationRequired' });
      expect(error.headers).toStrictEqual({ 'www-authenticate': 'Bearer realm="test"' });
      expect(error.message).toContain('bearer token');
    }
  });

  it('lets a principal through when it has the scope, or when no scope is named', () => {
    expect(() => requireScope(auth, reader, 'zoo:read')).not.toThrow();
    expect(() => requireScope(auth, reader, undefined)).not.toThrow();
  });

  it('answers 403 naming the missing scope in the message and the headers', () => {
    const error = refusal(() => requireScope(auth, reader, 'zoo:write'));
    expect(error).toMatchObject({ status: 403, errorCode: 1017, codeName: 'accessDenied' });
    expect(error.message).toBe('This request needs the scope "zoo:write", which the access token does not grant.');
    expect(error.headers).toStrictEqual({
      'www-authenticate': 'Bearer realm="test", error="insufficient_scope", scope="zoo:write"',
    });
  });

  it('matches scopes exactly', () => {
    expect(refusal(() => requireScope(auth, reader, 'zoo')).status).toBe(403);
    expect(refusal(() => requireScope(auth, reader, 'ZOO:READ')).status).toBe(403);
    expect(refusal(() => requireScope(auth, { ...reader, scopes: new Set() }, 'zoo:read')).status).toBe(403);
  });
});

describe('hasScope', () => {
  it('is true for everyone without an authenticator', () => {
    expect(hasScope(undefined, undefined, 'zoo:write')).toBe(true);
  });

  it('is false without a principal, whatever the scope', () => {
    expect(hasScope(auth, undefined, 'zoo:read')).toBe(false);
    expect(hasScope(auth, undefined, undefined)).toBe(false);
  });

  it('is true for a principal when no scope is named or it has the scope', () => {
    expect(hasScope(auth, reader, undefined)).toBe(true);
    expect(hasScope(auth, reader, 'staff:read')).toBe(true);
    expect(hasScope(auth, reader, 'staff:write')).toBe(false);
  });

  it('agrees with requireScope', () => {
    for (const principal of [undefined, reader]) {
      for (const scope of [undefined, 'zoo:read', 'zoo:write']) {
        let passes = true;
        try {
          requireScope(auth, principal, scope);
        } catch {
          passes = false;
        }
        expect(hasScope(auth, principal, scope), `${principal?.subject} ${scope}`).toBe(passes);
      }
    }
  });
});
