import { expect, it } from 'vitest';
import { attemptAt, t0, type WebhookStoreOpener, webhookFor, withStoreOf } from './webhook-fixtures.js';

/** Subscriptions as their owner keeps them: create, read, list, update, delete. */
export function webhookSubscriptionCases(open: WebhookStoreOpener): void {
  const withStore = withStoreOf(open);
  it(
    'keeps a subscription as given, seen only by its owner',
    withStore(async (webhooks) => {
      const made = await webhooks.create(webhookFor('ann'), t0);
      expect(made).toMatchObject({ ...webhookFor('ann'), status: 'active', version: 1, position: '10', resends: [] });
      expect(made.createdAt).toBe(new Date(t0).toISOString());
      expect(made.updatedAt).toBe(made.createdAt);
      expect(Object.keys(made.filter!)).toEqual(['species', 'legs[gte]']);
      expect(await webhooks.get(made.id)).toEqual(made);
      expect(await webhooks.get(made.id, 'ann')).toEqual(made);
      expect(await webhooks.get(made.id, 'bob')).toBeUndefined();
      for (const id of [crypto.randomUUID(), 'nope', '', "' OR 1=1 --"]) expect(await webhooks.get(id)).toBeUndefined();
      const bare = await webhooks.create({ ...webhookFor('ann'), filter: undefined }, t0);
      expect(bare).not.toHaveProperty('filter');
      expect(bare.id).not.toBe(made.id);
    }),
  );

  it(
    'lists an owner’s subscriptions in pages with the total',
    withStore(async (webhooks) => {
      const ids = [];
      for (let n = 0; n < 5; n++) ids.push((await webhooks.create(webhookFor('ann'), t0 + n)).id);
      await webhooks.create(webhookFor('bob'), t0);
      const page = await webhooks.list('ann', { offset: 1, limit: 2 });
      expect(page.total).toBe(5);
      expect(page.items.map((s) => s.id)).toEqual(ids.slice(1, 3));
      expect((await webhooks.list('carl', { offset: 0, limit: 10 })).total).toBe(0);
      await expect(webhooks.list('ann', { offset: -1, limit: 2 })).rejects.toThrow(/offset/);
    }),
  );

  it(
    'updates with the expected version, and only for the owner',
    withStore(async (webhooks) => {
      const made = await webhooks.create(webhookFor('ann'), t0);
      expect(await webhooks.update(made.id, 'bob', { url: 'https://x' })).toEqual({ outcome: 'missing' });
      const stale = await webhooks.update(made.id, 'ann', { url: 'https://x' }, { expectedVersion: 7 });
      expect(stale).toMatchObject({ outcome: 'stale', subscription: { version: 1 } });
      const secrets = {
        current: 'whsec_new',
        previous: { secret: 'whsec_abc', expiresAt: '2026-01-02T00:00:00.000Z' },
      };
      const done = await webhooks.update(
        made.id,
        'ann',
        { url: 'https://y', filter: null, secrets },
        { expectedVersion: 1, now: t0 + 5 },
      );
      expect(done.outcome).toBe('done');
      const after = (await webhooks.get(made.id))!;
      expect(after).toMatchObject({
        url: 'https://y',
        secrets,
        version: 2,
        updatedAt: new Date(t0 + 5).toISOString(),
      });
      expect(after).not.toHaveProperty('filter');
      await webhooks.update(made.id, 'ann', { status: 'disabled' });
      expect(await webhooks.get(made.id)).toMatchObject({
        status: 'disabled',
        disabledReason: expect.any(String),
        version: 3,
      });
      await webhooks.update(made.id, 'ann', { status: 'active', events: ['animals.*'] });
      const back = (await webhooks.get(made.id))!;
      expect(back).toMatchObject({ status: 'active', events: ['animals.*'], version: 4 });
      expect(back).not.toHaveProperty('disabledReason');
    }),
  );
  it(
    'deletes for the owner only, with the expected version',
    withStore(async (webhooks) => {
      const made = await webhooks.create(webhookFor('ann'), t0);
      await webhooks.recordAttempt(made.id, attemptAt(t0, '11', 200));
      expect(await webhooks.delete(made.id, 'bob')).toEqual({ outcome: 'missing' });
      expect((await webhooks.delete(made.id, 'ann', { expectedVersion: 2 })).outcome).toBe('stale');
      expect((await webhooks.delete(made.id, 'ann', { expectedVersion: 1 })).outcome).toBe('done');
      expect(await webhooks.get(made.id)).toBeUndefined();
      expect((await webhooks.attempts(made.id, { offset: 0, limit: 5 })).total).toBe(0);
    }),
  );
}
