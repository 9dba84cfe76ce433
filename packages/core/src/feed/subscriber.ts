import type { LoggedChange } from '../store/change-log.js';

/** What a subscriber is handed, in log order: a change, or word that its position was lost. */
export type FeedItem = LoggedChange | { readonly reset: 'unknown' | 'expired'; readonly position: string };

/** What a subscriber does with each item; false ends the subscription. */
export type ItemHandler = (item: FeedItem) => Promise<boolean>;

/**
 * One open feed as the hub sees it: the collection (and record) it follows, and a queue of items
 * handled one at a time, in order. A subscriber whose queue grows past its bound is not keeping up
 * and is cut, so a stalled client costs bounded memory.
 */
export class Subscriber {
  /** The last position handed on: nothing at or before it is taken again. */
  private floor: string | undefined;
  private readonly queue: FeedItem[] = [];
  private pumping: Promise<void> | undefined;
  private ended = false;

  constructor(
    /** The collection followed. */
    readonly collection: string,
    /** The record followed; undefined for a list. */
    readonly id: string | undefined,
    private readonly before: (a: string, b: string) => boolean,
    /** A quick test of a change, made before it is queued: false drops it. */
    private readonly concerns: (change: LoggedChange) => boolean,
    private readonly handle: ItemHandler,
    /** Called once when the subscription ends from inside: too slow, done, or failed. */
    private readonly onEnd: (why: 'slow' | 'done' | 'failed', error?: unknown) => void,
    private readonly bound = 10_000,
  ) {}

  get closed(): boolean {
    return this.ended;
  }

  /** Queues an item unless it was handed on already. */
  offer(item: FeedItem): void {
    if (this.ended) return;
    if ('kind' in item) {
      if (this.floor !== undefined && !this.before(this.floor, item.position)) return;
      this.floor = item.position;
      if (!this.concerns(item)) return;
    } else {
      this.floor = item.position;
    }
    if (this.queue.length >= this.bound) {
      this.end('slow');
      return;
    }
    this.queue.push(item);
    this.pumping ??= this.pump();
  }

  /** Takes nothing at or before `position` from now on (the subscriber had it already). */
  passed(position: string): void {
    if (this.floor === undefined || this.before(this.floor, position)) this.floor = position;
  }

  /** Resolves once every queued item has been handled. */
  async drained(): Promise<void> {
    while (this.pumping) await this.pumping;
  }

  /** Stops handling items (the stream ended). */
  close(): void {
    this.ended = true;
    this.queue.length = 0;
  }

  private end(why: 'slow' | 'done' | 'failed', error?: unknown): void {
    if (this.ended) return;
    this.close();
    this.onEnd(why, error);
  }

  private async pump(): Promise<void> {
    try {
      for (let item = this.queue.shift(); item && !this.ended; item = this.queue.shift()) {
        if (!(await this.handle(item))) this.end('done');
      }
    } catch (error) {
      this.end('failed', error);
    } finally {
      this.pumping = undefined;
    }
  }
}
