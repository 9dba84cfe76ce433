import { describe, expect, it } from 'vitest';
import { audienceMatches, principalFrom } from './principal.js';

describe('principalFrom', () => {
  it('reads subject, client and space-separated scopes', () => {
    const principal = principalFrom({ sub: 'zoo-admin', client_id: 'zoo-admin', scope: 'zoo:read  zoo:write' });
    expect(principal.subject).toBe('zoo-admin');
    expect(principal.clientId).toBe('zoo-admin');
    expect([...principal.scopes]).toEqual(['zoo:read', 'zoo:write']);
  });

  it('accepts an scp array and falls back to the client as subject', () => {
    const principal = principalFrom({ azp: 'svc', scp: ['a', 7, 'b'] });
    expect(principal.subject).toBe('svc');
    expect([...principal.scopes]).toEqual(['a', 'b']);
  });

  it('has no scopes when the token names none', () => {
    expect(principalFrom({ sub: 'x' }).scopes.size).toBe(0);
  });
});

describe('audienceMatches', () => {
  it('accepts the audience alone or in a list', () => {
    expect(audienceMatches('api', 'api')).toBe(true);
    expect(audienceMatches(['other', 'api'], 'api')).toBe(true);
    expect(audienceMatches(['other'], 'api')).toBe(false);
    expect(audienceMatches(undefined, 'api')).toBe(false);
  });
});
