import { describe, expect, it } from 'vitest';
import type { WebhookStoreLimits } from '../webhooks/memory-webhooks.js';
import type { NewWebhookSubscription, WebhookAttempt, WebhookStore } from '../webhooks/webhook-store.js';

/** A fresh, empty webhook store; `close` frees what it holds. */
export interface OpenedWebhooks {
  readonly webhooks: WebhookStore;
  close(): Promise<void>;
}

/** Positions in the suite are decimal, compared as numbers. */
export const numericBefore = (a: string, b: string) => Number(a) < Number(b);

/** A subscription of `owner` with every field set, starting at `position`. */
export function webhookFor(owner: string, position = '10'): NewWebhookSubscription {
  return {
    owner,
    url: 'https://hooks.example/in?x=1',
    events: ['animals.created', 'keepers.*'],
    filter: { species: 'lion', 'legs[gte]': 4 },
    scopes: ['animals:read', 'webhooks:write'],
    principal: { subject: owner, clientId: 'app', scopes: ['animals:read', 'webhooks:write'], claims: { t: 'ü🦒' } },
    secrets: { current: 'whsec_abc' },
    position,
  };
}

/** An attempt at `ms` for `position`. */
export const attemptAt = (ms: number, position: string, status?: number): WebhookAttempt => ({
  at: new Date(ms).toISOString(),
  position,
  webhookId: `msg_${position}`,
  ...(status !== undefined ? { status } : { error: 'connection refused' }),
  durationMs: 12,
  excerpt: status ? 'ok' : undefined,
});

const t0 = Date.parse('2026-01-01T00:00:00Z');

/**
 * What every webhook store must do, whatever keeps it. Each implementation's test calls this
 * with a function opening a fresh, empty store (with the limits given).
 */
export function webhookStoreCases(
  name: string,
  open: (limits: Partial<WebhookStoreLimits>) => Promise<OpenedWebhooks>,
): void {
  const withStore =
    (test: (webhooks: WebhookStore) => Promise<void>, limits: Partial<WebhookStoreLimits> = {}) =>
    async () => {
      const opened = await open(limits);
      try {
        await test(opened.webhooks);
      } finally {
        await opened.close();
      }
    };

  describe(`${name}: the webhook store contract`, () => {
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
        for (const id of [crypto.randomUUID(), 'nope', '', "' OR 1=1 --"])
          expect(await webhooks.get(id)).toBeUndefined();
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

    it(
      'keeps a released subscription until it is ready, and wakes it for new changes',
      withStore(async (webhooks) => {
        const made = await webhooks.create(webhookFor('ann'), t0);
        const { lease } = (await webhooks.claim('a', 1000, t0))!;
        await webhooks.release(lease, { now: t0 + 1, readyAt: t0 + 60_000 });
        expect(await webhooks.claim('a', 1000, t0 + 2)).toBeUndefined();
        await webhooks.wake(t0 + 3);
        const again = (await webhooks.claim('a', 1000, t0 + 3))!;
        expect(again.subscription.id).toBe(made.id);
        // Woken while held: the release's later time gives way.
        await webhooks.wake(t0 + 4);
        await webhooks.release(again.lease, { now: t0 + 5, readyAt: t0 + 60_000 });
        expect(await webhooks.claim('a', 1000, t0 + 6)).toBeDefined();
      }),
    );

    it(
      'waits behind a failing event, then dead-letters it and goes on',
      withStore(async (webhooks) => {
        const made = await webhooks.create(webhookFor('ann'), t0);
        const { lease } = (await webhooks.claim('a', 60_000, t0))!;
        const failing = {
          position: '11',
          attempts: 1,
          firstFailedAt: new Date(t0).toISOString(),
          nextAttemptAt: new Date(t0 + 5000).toISOString(),
        };
        expect(await webhooks.retryLater(lease, { now: t0 + 1, failing, attempt: attemptAt(t0, '11', 500) })).toBe(
          true,
        );
        await webhooks.release(lease, { now: t0 + 2, readyAt: t0 + 5000 });
        await webhooks.wake(t0 + 3); // new changes do not jump the queue
        expect(await webhooks.claim('a', 60_000, t0 + 4)).toBeUndefined();
        const retry = (await webhooks.claim('a', 60_000, t0 + 5000))!;
        expect(retry.subscription.failing).toEqual(failing);
        expect(retry.subscription.position).toBe('10');
        const letter = {
          position: '11',
          at: new Date(t0 + 5001).toISOString(),
          webhookId: 'msg_11',
          attempts: 2,
          error: 'HTTP 500',
          payload: '{"type":"animals.created"}',
        };
        expect(await webhooks.deadLetter(retry.lease, { now: t0 + 5001, letter })).toBe(true);
        const after = (await webhooks.get(made.id))!;
        expect(after).toMatchObject({ position: '11', deadLetteringSince: new Date(t0 + 5001).toISOString() });
        expect(after).not.toHaveProperty('failing');
        expect(await webhooks.deadLetters(made.id, { offset: 0, limit: 10 })).toEqual({ items: [letter], total: 1 });
        expect(await webhooks.deadLetterAt(made.id, '11')).toEqual(letter);
        expect(await webhooks.deadLetterAt(made.id, '12')).toBeUndefined();
        // A later dead letter keeps the run's start; a delivery ends the run.
        await webhooks.deadLetter(retry.lease, {
          now: t0 + 9000,
          letter: { ...letter, position: '12', at: new Date(t0 + 9000).toISOString() },
        });
        expect((await webhooks.get(made.id))!.deadLetteringSince).toBe(new Date(t0 + 5001).toISOString());
        expect((await webhooks.deadLetters(made.id, { offset: 0, limit: 1 })).items[0]!.position).toBe('12');
        await webhooks.advance(retry.lease, { now: t0 + 9001, position: '13', delivered: false });
        expect((await webhooks.get(made.id))!.deadLetteringSince).toBeDefined();
        await webhooks.advance(retry.lease, { now: t0 + 9002, position: '14', delivered: true });
        expect(await webhooks.get(made.id)).not.toHaveProperty('deadLetteringSince');
      }),
    );

    it(
      'queues resends for the owner, and drops each once sent',
      withStore(async (webhooks) => {
        const made = await webhooks.create(webhookFor('ann'), t0);
        const { lease } = (await webhooks.claim('a', 60_000, t0))!;
        await webhooks.release(lease, { now: t0, readyAt: t0 + 60_000 });
        expect(await webhooks.resend(made.id, 'bob', '7', t0 + 1)).toBe('missing');
        expect(await webhooks.resend(made.id, 'ann', '7', t0 + 1)).toBe('queued');
        expect(await webhooks.resend(made.id, 'ann', '3', t0 + 1)).toBe('queued');
        expect(await webhooks.resend(made.id, 'ann', '7', t0 + 1)).toBe('queued');
        const claimed = (await webhooks.claim('a', 60_000, t0 + 2))!;
        expect(claimed.subscription.resends).toEqual(['7', '3']);
        expect(
          await webhooks.resent(claimed.lease, { now: t0 + 3, position: '7', attempt: attemptAt(t0 + 3, '7', 200) }),
        ).toBe(true);
        expect((await webhooks.get(made.id))!.resends).toEqual(['3']);
        expect((await webhooks.attempts(made.id, { offset: 0, limit: 5 })).total).toBe(1);
      }),
    );

    it(
      'lists attempts newest first in pages, keeping the last ones only',
      withStore(
        async (webhooks) => {
          const made = await webhooks.create(webhookFor('ann'), t0);
          const other = await webhooks.create(webhookFor('bob'), t0);
          for (let n = 0; n < 7; n++)
            await webhooks.recordAttempt(made.id, attemptAt(t0 + n, String(20 + n), n % 2 ? 200 : undefined));
          await webhooks.recordAttempt(other.id, attemptAt(t0, '1', 200));
          const { lease } = (await webhooks.claim('a', 60_000, t0))!;
          await webhooks.advance(lease, {
            now: t0 + 1,
            position: '30',
            delivered: true,
            attempt: attemptAt(t0 + 7, '30', 204),
          });
          const page = await webhooks.attempts(made.id, { offset: 0, limit: 2 });
          expect(page.total).toBe(5);
          expect(page.items).toEqual([attemptAt(t0 + 7, '30', 204), attemptAt(t0 + 6, '26')]);
          const last = await webhooks.attempts(made.id, { offset: 4, limit: 10 });
          expect(last.items.map((a) => a.position)).toEqual(['23']);
          expect(last.items[0]).toEqual(attemptAt(t0 + 3, '23', 200));
          expect((await webhooks.attempts(other.id, { offset: 0, limit: 10 })).total).toBe(1);
        },
        { keepAttempts: 5 },
      ),
    );

    it(
      'names the oldest position active subscriptions still need',
      withStore(async (webhooks) => {
        expect(await webhooks.oldestPosition(numericBefore)).toBeUndefined();
        const a = await webhooks.create(webhookFor('ann', '90'), t0);
        await webhooks.create(webhookFor('ann', '100'), t0);
        const c = await webhooks.create(webhookFor('bob', '9'), t0);
        await webhooks.disable(c.id, 'gone');
        expect(await webhooks.oldestPosition(numericBefore)).toBe('90');
        await webhooks.update(c.id, 'bob', { status: 'active' });
        expect(await webhooks.oldestPosition(numericBefore)).toBe('9');
        await webhooks.delete(c.id, 'bob');
        const held = (await webhooks.claim('x', 1000, t0))!;
        expect(held.subscription.id).toBe(a.id);
        await webhooks.advance(held.lease, { now: t0, position: '95', delivered: true });
        expect(await webhooks.oldestPosition(numericBefore)).toBe('95');
      }),
    );
  });
}
