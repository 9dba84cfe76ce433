import { randomUUID } from 'node:crypto';
import type { ChangeEvents, WebhookStore } from '@corral/core';
import { webhookConnections } from '../connections.js';
import { type DeliverySettings, deliverSubscription } from './deliver.js';

/** How the worker runs besides what each delivery needs. */
export interface WorkerSettings extends Omit<DeliverySettings, 'stopped'> {
  readonly store: WebhookStore;
  /** How long a claim holds a subscription without being renewed. */
  readonly leaseMs: number;
  /** How often it looks for work besides the log's wake-ups (retries that came due, other instances' leases). */
  readonly pollMs: number;
  /** Subscriptions worked on at once. */
  readonly concurrency: number;
}

/** A database that can keep its log from pruning what deliveries still need. */
interface HoldingDatabase {
  holdChanges(hold: () => Promise<string | undefined>): () => void;
}

const holds = (database: object): database is HoldingDatabase =>
  typeof (database as Partial<HoldingDatabase>).holdChanges === 'function';

/**
 * Delivers webhooks in every instance of the API: wakes when changes commit and on a timer,
 * claims subscriptions under leases, works on each in order. `stop` lets every claim in progress
 * end its current attempt, then lets go of it.
 */
export function deliveryWorker(settings: WorkerSettings) {
  const holder = randomUUID();
  const running = new Set<Promise<void>>();
  let stopped = false;
  let pumping = false;
  let again = false;
  let stops: (() => void)[] = [];
  const connections = webhookConnections();
  const delivery: DeliverySettings = { ...settings, connections, stopped: () => stopped };

  async function pump(events: ChangeEvents): Promise<void> {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    const log = events.collections[0]!.log;
    try {
      do {
        again = false;
        while (!stopped && running.size < settings.concurrency) {
          const claimed = await settings.store.claim(holder, settings.leaseMs, settings.now());
          if (!claimed) break;
          const renewing = setInterval(
            () => void settings.store.renew(claimed.lease, settings.leaseMs, settings.now()).catch(() => false),
            Math.max(1, Math.floor(settings.leaseMs / 3)),
          );
          renewing.unref?.();
          const work = deliverSubscription(delivery, events, log, claimed.lease, claimed.subscription)
            .catch(() => settings.store.release(claimed.lease, { now: settings.now(), readyAt: settings.now() + 1000 }))
            .catch(() => undefined)
            .finally(() => {
              clearInterval(renewing);
              running.delete(work);
              if (!stopped) void pump(events);
            });
          running.add(work);
        }
      } while (again && !stopped);
    } catch {
      // The store is away: the timer tries again.
    } finally {
      pumping = false;
    }
  }

  return {
    /** Starts following the log of the events' collections (none: nothing to deliver). */
    start(events: ChangeEvents): void {
      const first = events.collections[0];
      if (!first || stopped) return;
      // One wake-up at a time, and one more after it when commits came meanwhile: a busy log costs
      // the store one write per round, not one per commit. The log's watchers hear every commit of
      // the database, this worker's own delivery state too: only a log that moved on wakes the
      // subscriptions, or each wake-up's write would wake them again.
      const log = first.log;
      let seen: string | undefined;
      let waking = false;
      let wakeAgain = false;
      const wake = (): void => {
        if (waking) {
          wakeAgain = true;
          return;
        }
        waking = true;
        wakeAgain = false;
        void (async () => {
          const now = await log.position({ fresh: true });
          if (seen !== undefined && !log.before(seen, now)) return false;
          await settings.store.wake(settings.now());
          seen = now;
          return true;
        })()
          .then(
            (woke) => (woke ? pump(events) : undefined),
            () => undefined,
          )
          .finally(() => {
            waking = false;
            if (wakeAgain) wake();
          });
      };
      stops.push(log.watch(wake));
      // The timer catches what no wake-up told of (due retries, others' leases, a missed commit).
      const timer = setInterval(() => {
        wake();
        void pump(events);
      }, settings.pollMs);
      timer.unref?.();
      stops.push(() => clearInterval(timer));
      if (holds(first.database))
        stops.push(first.database.holdChanges(() => settings.store.oldestPosition((a, b) => first.log.before(a, b))));
      void pump(events);
    },
    async stop(): Promise<void> {
      stopped = true;
      for (const stop of stops) stop();
      stops = [];
      while (running.size > 0) await Promise.all(running);
      await connections.close();
    },
  };
}
