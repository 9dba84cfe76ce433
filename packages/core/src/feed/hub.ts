import type { ChangeLog, LoggedChange } from '../store/change-log.js';
import type { Subscriber } from './subscriber.js';

/** How many changes one read of the log takes. */
const batchSize = 500;
/** How long the hub waits before reading again after a read failed (the database may be back by then). */
const retryAfterFailure = 1000;

const recordKey = (collection: string, id: string) => `${collection}\u0000${id}`;

/** Whether a change is of the collection (and record) a subscriber follows. */
const concerns = (subscriber: Subscriber, change: LoggedChange) =>
  change.collection === subscriber.collection && (subscriber.id === undefined || change.id === subscriber.id);

function addTo<K>(index: Map<K, Set<Subscriber>>, key: K, subscriber: Subscriber): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(subscriber);
}

function removeFrom<K>(index: Map<K, Set<Subscriber>>, key: K, subscriber: Subscriber): void {
  const set = index.get(key);
  if (set?.delete(subscriber) && set.size === 0) index.delete(key);
}

/**
 * Reads one change log for every feed of the process: one read per wake-up, whatever the number
 * of subscribers, each change handed to the subscribers of its collection and of its record only
 * (two indexes, no scan of every stream). A subscriber resuming from an older position replays
 * from the log on its own until it reaches the hub's position, then joins in the same step, so it
 * gets every change once and in order.
 */
export class FeedHub {
  /** Everything up to here has been handed on; undefined while no one follows the log. */
  private position: string | undefined;
  private starting: Promise<void> | undefined;
  private unwatch: (() => void) | undefined;
  private reading = false;
  private again = false;
  // Bumped when the hub stops: a read still under way from before then is dropped.
  private generation = 0;
  private members = 0;
  private readonly byCollection = new Map<string, Set<Subscriber>>();
  private readonly byRecord = new Map<string, Set<Subscriber>>();

  constructor(private readonly log: ChangeLog) {}

  /**
   * Hands the subscriber every change after `from` (from the hub's position when undefined), then
   * every new one. Resolves once it has joined the live stream, or ended meanwhile.
   */
  async follow(subscriber: Subscriber, from: string | undefined): Promise<void> {
    this.members++;
    await this.start();
    if (subscriber.closed) return;
    let at = from;
    // The first read also tells whether `from` is a position of the log at all.
    let checked = false;
    while (at !== undefined && !subscriber.closed) {
      const position = this.position!;
      if (at === position || (checked && !this.log.before(at, position))) break;
      at = await this.replay(subscriber, at);
      checked = true;
      await subscriber.drained();
    }
    if (subscriber.closed) return;
    // Resuming ahead of the hub (a position another instance or a newer read gave): what the hub
    // hands on up to there, the subscriber had already.
    if (at !== undefined) subscriber.passed(at);
    // In the same step as the check above: nothing the hub hands on from now is missed.
    if (subscriber.id === undefined) addTo(this.byCollection, subscriber.collection, subscriber);
    else addTo(this.byRecord, recordKey(subscriber.collection, subscriber.id), subscriber);
  }

  /** Takes a subscriber out (its stream ended). */
  leave(subscriber: Subscriber): void {
    if (subscriber.id === undefined) removeFrom(this.byCollection, subscriber.collection, subscriber);
    else removeFrom(this.byRecord, recordKey(subscriber.collection, subscriber.id), subscriber);
    if (--this.members > 0) return;
    this.unwatch?.();
    this.unwatch = undefined;
    this.position = undefined;
    this.generation++;
  }

  /** One read for a replaying subscriber: what the hub has handed on already; returns where to go on from. */
  private async replay(subscriber: Subscriber, at: string): Promise<string> {
    const batch = await this.log.read(at, batchSize);
    if ('reset' in batch) {
      subscriber.offer(batch);
      return batch.position;
    }
    const hub = this.position!;
    // Never back before where the subscriber stands (it may be ahead of the hub).
    const notBefore = (position: string) => (this.log.before(position, at) ? at : position);
    for (const change of batch.changes) {
      // Past the hub's position: the hub hands it on once the subscriber has joined.
      if (this.log.before(hub, change.position)) return notBefore(hub);
      if (concerns(subscriber, change)) subscriber.offer(change);
    }
    const last = batch.changes.at(-1)?.position ?? at;
    if (batch.changes.length === batchSize) return last;
    // Nothing more up to the batch's end: on from there, or from the hub if that comes first.
    return notBefore(this.log.before(batch.position, hub) ? batch.position : hub);
  }

  /** Starts following the log (watching first, so no wake-up is missed); resolves once the hub has a position. */
  private async start(): Promise<void> {
    while (this.position === undefined && this.members > 0) {
      this.starting ??= (async () => {
        const unwatch = this.log.watch(() => this.wake());
        try {
          const position = await this.log.position();
          // Everyone may have left meanwhile.
          if (this.members === 0) return unwatch();
          this.unwatch = unwatch;
          this.position = position;
          this.wake();
        } catch (error) {
          unwatch();
          throw error;
        } finally {
          this.starting = undefined;
        }
      })();
      await this.starting;
    }
  }

  private wake(): void {
    if (this.position === undefined) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    void this.drain(this.generation);
  }

  private async drain(generation: number): Promise<void> {
    try {
      do {
        this.again = false;
        let full = true;
        while (full && generation === this.generation) {
          const batch = await this.log.read(this.position!, batchSize);
          if (generation !== this.generation) return;
          if ('reset' in batch) {
            // The hub fell behind what the log keeps: every subscriber reads again.
            this.position = batch.position;
            for (const set of [...this.byCollection.values(), ...this.byRecord.values()])
              for (const subscriber of set) subscriber.offer(batch);
            break;
          }
          for (const change of batch.changes) this.dispatch(change);
          if (this.log.before(this.position!, batch.position)) this.position = batch.position;
          full = batch.changes.length === batchSize;
        }
      } while (this.again && generation === this.generation);
    } catch {
      setTimeout(() => this.wake(), retryAfterFailure).unref?.();
    } finally {
      this.reading = false;
      // The hub stopped and started again meanwhile: a wake-up of the new start waited on this read.
      if (generation !== this.generation && this.again) this.wake();
    }
  }

  /** Moves the hub past the change and hands it to the subscribers it may concern. */
  private dispatch(change: LoggedChange): void {
    this.position = change.position;
    const list = this.byCollection.get(change.collection);
    if (list) for (const subscriber of list) subscriber.offer(change);
    const record = this.byRecord.size > 0 ? this.byRecord.get(recordKey(change.collection, change.id)) : undefined;
    if (record) for (const subscriber of record) subscriber.offer(change);
  }
}

const hubs = new WeakMap<ChangeLog, FeedHub>();

/** The one hub of a change log. */
export function hubOf(log: ChangeLog): FeedHub {
  let hub = hubs.get(log);
  if (!hub) hubs.set(log, (hub = new FeedHub(log)));
  return hub;
}
