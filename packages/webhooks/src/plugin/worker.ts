import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ChangeEvents, WebhookStore } from '@corral/core';
import { webhookConnections } from '../connections.js';
import { busyGate } from './busy-gate.js';
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

/** The share of the last window the event loop was at work above which the process counts as busy. */
const busyUtilization = 0.8;
const busyWindowMs = 100;
/** While busy, how long an attempt's slot stays taken after it (at most about fifty attempts a second then). */
const busyPauseMs = 20;

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
  const gate = busyGate({ busyLimit: 1, busyPauseMs });
  // Subscriptions that caught up wait here for the log to move (or their wait to end).
  let moved: (() => void)[] = [];
  const logMoved = () => {
    const waiting = moved;
    moved = [];
    for (const resolve of waiting) resolve();
  };
  const nextChange = (ms: number) =>
    new Promise<boolean>((resolve) => {
      // Not while the slots are all taken: a claim waiting idle would keep a ready subscription out.
      if (stopped || running.size >= settings.concurrency) return resolve(false);
      const timer = setTimeout(() => resolve(false), ms);
      moved.push(() => {
        clearTimeout(timer);
        resolve(!stopped);
      });
    });
  const delivery: DeliverySettings = { ...settings, connections, gate, nextChange, stopped: () => stopped };

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
          // Until when the lease surely holds, by the clock: renewed in the background.
          let heldUntil = settings.now() + settings.leaseMs;
          const renew = async () => {
            const at = settings.now();
            if (await settings.store.renew(claimed.lease, settings.leaseMs, at)) heldUntil = at + settings.leaseMs;
            else heldUntil = 0;
            return heldUntil > 0;
          };
          const renewing = setInterval(
            () => void renew().catch(() => false),
            Math.max(1, Math.floor(settings.leaseMs / 3)),
          );
          renewing.unref?.();
          // After an idle wait, a lease that may have run out (a clock moved on) is renewed first.
          const stillHeld = async () => heldUntil - settings.now() > settings.leaseMs / 3 || (await renew());
          const work = deliverSubscription(delivery, events, log, claimed.lease, claimed.subscription, stillHeld)
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
      let movedAt = 0; // when a wake-up last found that the log had moved on
      let waking = false;
      let wakeAgain = false;
      let wokeAt = 0;
      let deferred: ReturnType<typeof setTimeout> | undefined;
      const wake = (): void => {
        if (waking) {
          wakeAgain = true;
          return;
        }
        // While busy, the commits of a window wake the subscriptions once: each wake-up is a write,
        // and sets every waiting subscription reading the log.
        const early = gate.busy ? wokeAt + busyWindowMs - Date.now() : 0;
        if (early > 0) {
          deferred ??= setTimeout(() => {
            deferred = undefined;
            wake();
          }, early);
          deferred.unref?.();
          return;
        }
        wokeAt = Date.now();
        waking = true;
        wakeAgain = false;
        void (async () => {
          const now = await log.position({ fresh: true });
          if (seen !== undefined && !log.before(seen, now)) return false;
          movedAt = Date.now();
          logMoved();
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
      stops.push(() => clearTimeout(deferred));
      // Busy: the event loop was mostly at work over the last window while changes were written
      // (found by a wake-up within two windows: while busy, wake-ups come once a window).
      // Then attempts go one at a time, so that a write load filling the process keeps it.
      let last = performance.eventLoopUtilization();
      const sampler = setInterval(() => {
        const now = performance.eventLoopUtilization();
        const writing = Date.now() - movedAt <= 2 * busyWindowMs;
        gate.setBusy(writing && performance.eventLoopUtilization(now, last).utilization >= busyUtilization);
        last = now;
      }, busyWindowMs);
      sampler.unref?.();
      stops.push(() => clearInterval(sampler));
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
      gate.setBusy(false); // attempts held back go, so that every claim ends
      logMoved();
      while (running.size > 0) await Promise.all(running);
      await connections.close();
    },
  };
}
