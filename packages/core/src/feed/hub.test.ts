import { describe, expect, it } from 'vitest';
import type { ChangeLog } from '../store/change-log.js';
import { MemoryChangeLog } from '../store/memory-change-log.js';
import { FeedHub } from './hub.js';
import { Subscriber } from './subscriber.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A memory log whose position and reads take a while, as a database's do. */
function slowLog(log: MemoryChangeLog): ChangeLog {
  return {
    position: async () => (await pause(Math.random() * 3), log.position()),
    read: async (position, limit) => {
      const batch = await log.read(position, limit);
      await pause(Math.random() * 3);
      return batch;
    },
    watch: (wake) => log.watch(wake),
    before: (a, b) => log.before(a, b),
  };
}

function write(log: MemoryChangeLog, id: string) {
  log.append([{ collection: 'things', id, kind: 'updated', version: 1, at: new Date(), data: {} }]);
}

describe('the feed hub', () => {
  it('hands each subscriber every change after its position once, in order, while writes go on', async () => {
    const memory = new MemoryChangeLog();
    const log = slowLog(memory);
    const hub = new FeedHub(log);
    const start = Number(memory.position());
    let writes = 0;
    const writing = (async () => {
      for (; writes < 400; writes++) {
        write(memory, String(writes % 7));
        if (writes % 5 === 0) await pause(1);
      }
    })();
    const seen: { from: number; positions: number[]; subscriber: Subscriber }[] = [];
    for (let i = 0; i < 20; i++) {
      await pause(Math.random() * 15);
      const from = i % 4 === 0 ? undefined : start + Math.floor(Math.random() * (Number(memory.position()) - start));
      const positions: number[] = [];
      const subscriber = new Subscriber(
        'things',
        i % 3 === 0 ? '3' : undefined,
        (a, b) => log.before(a, b),
        () => true,
        async (item) => {
          if (Math.random() < 0.2) await pause(1);
          positions.push(Number(item.position));
          return true;
        },
        () => {
          throw new Error('ended');
        },
      );
      seen.push({ from: from ?? -1, positions, subscriber });
      await hub.follow(subscriber, from === undefined ? undefined : String(from));
    }
    await writing;
    await pause(50);
    for (const { subscriber } of seen) await subscriber.drained();
    const all = Array.from({ length: 400 }, (_, i) => start + i + 1);
    for (const { from, positions, subscriber } of seen) {
      const ids = new Set(positions);
      expect(ids.size).toBe(positions.length); // no duplicates
      expect([...positions].sort((a, b) => a - b)).toEqual(positions); // in order
      // A live subscriber starts where the hub stood when it joined, and misses nothing from there.
      const after = from === -1 ? (positions[0] ?? Number.POSITIVE_INFINITY) - 1 : from;
      const expected = all.filter((p) => p > after && (subscriber.id === undefined || (p - start - 1) % 7 === 3));
      expect(positions).toEqual(expected);
    }
    for (const { subscriber } of seen) hub.leave(subscriber);
  });

  it('starts again for a subscriber that comes after the last one left while it started', async () => {
    const memory = new MemoryChangeLog();
    const log = slowLog(memory);
    const hub = new FeedHub(log);
    const received: string[] = [];
    const subscriber = (onItem: (position: string) => void) =>
      new Subscriber(
        'things',
        undefined,
        (a, b) => log.before(a, b),
        () => true,
        async (item) => (onItem(item.position), true),
        () => undefined,
      );
    const early = subscriber(() => undefined);
    const following = hub.follow(early, undefined);
    early.close();
    hub.leave(early);
    await following;
    const late = subscriber((position) => received.push(position));
    await hub.follow(late, undefined);
    write(memory, '1');
    await pause(20);
    await late.drained();
    expect(received).toEqual([memory.position()]);
    hub.leave(late);
  });
  it('reads for a new subscriber a change written while a read from before the hub stopped was still under way', async () => {
    const memory = new MemoryChangeLog();
    let hold: Promise<void> | undefined;
    let release: () => void = () => undefined;
    const log: ChangeLog = {
      position: () => memory.position(),
      read: async (position, limit) => {
        const batch = await memory.read(position, limit);
        await hold;
        return batch;
      },
      watch: (wake) => memory.watch(wake),
      before: (a, b) => memory.before(a, b),
    };
    const hub = new FeedHub(log);
    const received: string[] = [];
    const subscriber = (onItem: (position: string) => void) =>
      new Subscriber(
        'things',
        undefined,
        (a, b) => log.before(a, b),
        () => true,
        async (item) => (onItem(item.position), true),
        () => undefined,
      );
    const early = subscriber(() => undefined);
    await hub.follow(early, undefined);
    hold = new Promise<void>((resolve) => (release = resolve));
    write(memory, '1');
    await pause(5); // the hub's read of it waits
    early.close();
    hub.leave(early);
    const late = subscriber((position) => received.push(position));
    await hub.follow(late, undefined);
    write(memory, '2');
    await pause(5);
    hold = undefined;
    release();
    await pause(20);
    await late.drained();
    expect(received).toEqual([memory.position()]);
    hub.leave(late);
  });
  it('never hands a subscriber resuming ahead of the hub a change at or before its position', async () => {
    const memory = new MemoryChangeLog();
    // The hub learns of writes only when told (as a hub behind another instance's writes).
    const wakes = new Set<() => void>();
    const log: ChangeLog = {
      position: () => memory.position(),
      read: (position, limit) => memory.read(position, limit),
      watch: (wake) => (wakes.add(wake), () => wakes.delete(wake)),
      before: (a, b) => memory.before(a, b),
    };
    const hub = new FeedHub(log);
    const seen = (into: string[]) =>
      new Subscriber(
        'things',
        undefined,
        (a, b) => log.before(a, b),
        () => true,
        async (item) => (into.push(item.position), true),
        () => undefined,
      );
    const first: string[] = [];
    const early = seen(first);
    await hub.follow(early, undefined);
    write(memory, '1');
    write(memory, '2');
    const resumeFrom = memory.position();
    write(memory, '3');
    const received: string[] = [];
    const late = seen(received);
    await hub.follow(late, resumeFrom);
    for (const wake of wakes) wake();
    await pause(20);
    await late.drained();
    expect(received).toEqual([memory.position()]);
    expect(first).toHaveLength(3);
    hub.leave(early);
    hub.leave(late);
  });
});
