import type { AdapterPayload } from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { tokenStore } from './token-store.js';

/** A store whose clock the test moves by hand. */
function storeAt(start: number, maxEntries?: number) {
  const clock = { now: start };
  const store = tokenStore({ now: () => clock.now, ...(maxEntries === undefined ? {} : { maxEntries }) });
  return { clock, store };
}

const token = (clientId: string, extra: Partial<AdapterPayload> = {}): AdapterPayload => ({
  kind: 'ClientCredentials',
  clientId,
  ...extra,
});

describe('tokenStore', () => {
  it('finds what was stored until it expires, and forgets it then', async () => {
    const { clock, store } = storeAt(1_000_000);
    const tokens = store('ClientCredentials');
    await tokens.upsert('a', token('ci'), 60);
    expect(await tokens.find('a')).toMatchObject({ clientId: 'ci' });
    clock.now += 59_999;
    expect(await tokens.find('a')).toBeDefined();
    clock.now += 1;
    expect(await tokens.find('a')).toBeUndefined();
  });

  it('keeps each model apart, and forgets a destroyed (revoked) entry', async () => {
    const { store } = storeAt(0);
    await store('ClientCredentials').upsert('same-id', token('ci'), 60);
    expect(await store('AccessToken').find('same-id')).toBeUndefined();
    expect(await store('ClientCredentials').find('same-id')).toBeDefined();
    await store('ClientCredentials').destroy('same-id');
    expect(await store('ClientCredentials').find('same-id')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest first', async () => {
    const { store } = storeAt(0, 3);
    const tokens = store('ClientCredentials');
    for (const id of ['a', 'b', 'c', 'd']) await tokens.upsert(id, token(id), 60);
    expect(await tokens.find('a')).toBeUndefined();
    for (const id of ['b', 'c', 'd']) expect(await tokens.find(id), id).toBeDefined();
    // Written again, an entry counts as new.
    await tokens.upsert('b', token('b'), 60);
    await tokens.upsert('e', token('e'), 60);
    expect(await tokens.find('c')).toBeUndefined();
    expect(await tokens.find('b')).toBeDefined();
  });

  it('drops expired entries as new ones arrive, not only when they are looked up', async () => {
    const { clock, store } = storeAt(0, 2);
    const tokens = store('ClientCredentials');
    await tokens.upsert('old', token('old'), 10);
    clock.now += 10_000;
    await tokens.upsert('new', token('new'), 10);
    await tokens.upsert('newer', token('newer'), 10);
    // Had the expired entry stayed, the bound would have pushed out 'new' instead.
    expect(await tokens.find('new')).toBeDefined();
    expect(await tokens.find('newer')).toBeDefined();
  });

  it('marks an entry consumed, revokes by grant, and knows no user codes', async () => {
    const { store } = storeAt(5_000);
    const codes = store('AuthorizationCode');
    await codes.upsert('x', token('ci', { grantId: 'g1' }), 60);
    await codes.upsert('y', token('ci', { grantId: 'g2' }), 60);
    await codes.consume('x');
    expect(await codes.find('x')).toMatchObject({ consumed: 5 });
    await codes.revokeByGrantId('g1');
    expect(await codes.find('x')).toBeUndefined();
    expect(await codes.find('y')).toBeDefined();
    expect(await store('Session').findByUid('u')).toBeUndefined();
    expect(await store('DeviceCode').findByUserCode('c')).toBeUndefined();
  });

  it('finds a session by its uid until the session is destroyed or expires', async () => {
    const { clock, store } = storeAt(0);
    const sessions = store('Session');
    await sessions.upsert('s1', { kind: 'Session', uid: 'u1', accountId: 'ada' }, 60);
    expect(await store('Session').findByUid('u1')).toMatchObject({ accountId: 'ada' });
    await sessions.destroy('s1');
    expect(await sessions.findByUid('u1')).toBeUndefined();
    await sessions.upsert('s2', { kind: 'Session', uid: 'u2', accountId: 'bob' }, 60);
    clock.now += 60_000;
    expect(await sessions.findByUid('u2')).toBeUndefined();
  });

  it('bounds each kind on its own: a flood of one kind does not push out another', async () => {
    const { store } = storeAt(0, 2);
    await store('RefreshToken').upsert('r', token('app'), 600);
    for (const id of ['a', 'b', 'c', 'd']) await store('Interaction').upsert(id, token(id), 60);
    expect(await store('RefreshToken').find('r')).toBeDefined();
    expect(await store('Interaction').find('a')).toBeUndefined();
    expect(await store('Interaction').find('d')).toBeDefined();
  });
});
