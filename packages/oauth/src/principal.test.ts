import { describe, expect, it } from 'vitest';
import { principalBytes, principalFrom } from './principal.js';

describe('principalFrom', () => {
  it('reads the subject, client and scopes of a token', () => {
    const principal = principalFrom({ sub: 'svc', client_id: 'svc', scope: 'a b' });
    expect(principal).toMatchObject({ subject: 'svc', clientId: 'svc' });
    expect([...principal.scopes]).toEqual(['a', 'b']);
    expect([...principalFrom({ client_id: 'x', scp: ['c'] }).scopes]).toEqual(['c']);
  });

  it('shares one scope set among the tokens of the same scope, to keep remembered tokens small', () => {
    expect(principalFrom({ sub: 'a', scope: 'zoo:read zoo:write' }).scopes).toBe(
      principalFrom({ sub: 'b', scope: 'zoo:read zoo:write' }).scopes,
    );
  });

  it('estimates the bytes a remembered token holds from the token and its claims', () => {
    const claims = { sub: 'a', scope: 'zoo:read' };
    expect(principalBytes('x'.repeat(700), principalFrom(claims))).toBe(700 + 2 * JSON.stringify(claims).length + 200);
  });
});
