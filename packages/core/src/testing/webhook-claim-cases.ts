import { expect, it } from 'vitest';
import { type WebhookStoreOpener, withStoreOf, webhookFor, t0 } from './webhook-fixtures.js';

/** Claims: one holder at a time, leases that run out, nothing handed out disabled. */
export function webhookClaimCases(open: WebhookStoreOpener): void {
  const withStore = withStoreOf(open);
  it(
    'gives a subscription to one claim at a time, and again after the lease ran out',
    withStore(async (webhooks) => {
      const made = await webhooks.create(webhookFor('ann'), t0);
      const first = (await webhooks.claim('a', 1000, t0))!;
      expect(first.subscription.id).toBe(made.id);
      expect(await webhooks.claim('b', 1000, t0 + 10)).toBeUndefined();
      expect(await webhooks.renew(first.lease, 1000, t0 + 500)).toBe(true);
      expect(await webhooks.claim('b', 1000, t0 + 1200)).toBeUndefined();
      // The holder stopped renewing: after its lease, another takes over and the first can move nothing.
      const second = (await webhooks.claim('b', 1000, t0 + 1600))!;
      expect(second.lease.holder).toBe('b');
      expect(await webhooks.advance(first.lease, { now: t0 + 1601, position: '12', delivered: true })).toBe(false);
      expect(await webhooks.renew(first.lease, 1000, t0 + 1601)).toBe(false);
      expect(await webhooks.advance(second.lease, { now: t0 + 1602, position: '12', delivered: true })).toBe(true);
      expect((await webhooks.get(made.id))!.position).toBe('12');
      expect((await webhooks.get(made.id))!.version).toBe(1);
    }),
  );

  it(
    'refuses a lease that is not a whole number of ms, naming it',
    withStore(async (webhooks) => {
      await webhooks.create(webhookFor('ann'), t0);
      for (const leaseMs of [0, -5, 1.5, Number.NaN])
        await expect(webhooks.claim('a', leaseMs, t0)).rejects.toThrow(/leaseMs/);
      const { lease } = (await webhooks.claim('a', 100, t0))!;
      await expect(webhooks.renew(lease, 0, t0)).rejects.toThrow(/leaseMs/);
    }),
  );

  it(
    'lets no holder advance once its lease ran out, even unclaimed',
    withStore(async (webhooks) => {
      await webhooks.create(webhookFor('ann'), t0);
      const { lease } = (await webhooks.claim('a', 100, t0))!;
      expect(await webhooks.advance(lease, { now: t0 + 100, position: '11', delivered: true })).toBe(false);
      expect(await webhooks.claim('x', 100, t0 + 50)).toBeUndefined();
    }),
  );

  it(
    'never hands out a disabled subscription',
    withStore(async (webhooks) => {
      const made = await webhooks.create(webhookFor('ann'), t0);
      expect(await webhooks.disable(made.id, 'the receiver answered 410', t0 + 1)).toBe(true);
      expect(await webhooks.disable('nope', 'x')).toBe(false);
      expect(await webhooks.get(made.id)).toMatchObject({
        status: 'disabled',
        disabledReason: 'the receiver answered 410',
        version: 2,
      });
      expect(await webhooks.claim('a', 1000, t0 + 2)).toBeUndefined();
    }),
  );
}
