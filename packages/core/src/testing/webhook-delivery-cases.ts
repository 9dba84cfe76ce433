import { expect, it } from 'vitest';
import { type WebhookStoreOpener, withStoreOf, webhookFor, t0, attemptAt, numericBefore } from './webhook-fixtures.js';

/** Delivery state: readiness, failing events, dead letters, resends, attempts, the oldest position. */
export function webhookDeliveryCases(open: WebhookStoreOpener): void {
  const withStore = withStoreOf(open);
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
      expect(await webhooks.retryLater(lease, { now: t0 + 1, failing, attempt: attemptAt(t0, '11', 500) })).toBe(true);
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
    'starts a fresh dead-letter run when its owner enables it again',
    withStore(async (webhooks) => {
      const made = await webhooks.create(webhookFor('ann'), t0);
      const { lease } = (await webhooks.claim('a', 60_000, t0))!;
      const letter = { position: '11', at: new Date(t0).toISOString(), webhookId: 'msg_11', attempts: 9 };
      await webhooks.deadLetter(lease, { now: t0 + 1, letter });
      await webhooks.disable(made.id, 'dead letters for 5 days', t0 + 2);
      expect((await webhooks.get(made.id))!.deadLetteringSince).toBe(new Date(t0 + 1).toISOString());
      await webhooks.update(made.id, 'ann', { status: 'active' }, { now: t0 + 3 });
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
}
