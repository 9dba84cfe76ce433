import { CorralClientError } from './errors.js';
import { aborted, failure } from './failures.js';
import { openFeed, type FeedTransport } from './feed-connection.js';
import { feedEventOf, type FeedEvent } from './feed-events.js';
import { addFollow } from './record-follow.js';
import type { Resources } from './resources.js';
import { SseParser } from './sse.js';
import { reconnectDelay } from './reconnect-delay.js';
import { pause } from './waits.js';
import { checkedWatch, type FeedSource, type WatchOptions } from './watch-options.js';

type Outcome = 'ended' | 'lost' | 'expired' | 'deleted';

/**
 * A live feed of changes as an async iterable: `for await (const event of feed)`. It connects on
 * the first `next()`, reconnects by itself after a dropped connection or a stream the server ended
 * (waiting the server's `retry:` hint, longer after each failure in a row, with jitter), resumes
 * with `Last-Event-ID`, and gets a new token when the server ends the stream with `expired`. It
 * stops at `break` (or `return()`), when its signal aborts, and when the client closes, closing
 * its connection and clearing its timers.
 */
export class Feed<R> implements AsyncIterableIterator<FeedEvent<R>> {
  readonly #stop = new AbortController();
  readonly #events: AsyncGenerator<FeedEvent<R>, undefined>;
  #position: string | undefined;

  /** Built by `watch()` of a collection, a page or a record. */
  constructor(resources: Resources, source: FeedSource, options: WatchOptions = {}) {
    this.#events = this.#run(resources, source, options);
  }

  /** The position of the last event delivered (or the starting one): `{ after }` of a later feed resumes here. */
  get position(): string | undefined {
    return this.#position;
  }

  /** The next event; done once the feed stopped. */
  next(): Promise<IteratorResult<FeedEvent<R>, undefined>> {
    return this.#events.next();
  }

  /** Stops the feed at once, even while a `next()` waits: its connection is closed. */
  return(): Promise<IteratorResult<FeedEvent<R>, undefined>> {
    this.#stop.abort();
    return this.#events.return(undefined);
  }

  /** The feed is its own iterator: `for await (const event of feed)`. */
  [Symbol.asyncIterator](): this {
    return this;
  }

  async *#run(
    resources: Resources,
    source: FeedSource,
    options: WatchOptions,
  ): AsyncGenerator<FeedEvent<R>, undefined> {
    const transport = resources.feeds;
    if (transport === undefined)
      throw failure(
        'usage',
        'watch',
        'These Resources were built without feeds (give the constructor a FeedTransport)',
      );
    const signals = [this.#stop.signal, transport.closed, ...(options.signal ? [options.signal] : [])];
    const signal = AbortSignal.any(signals);
    try {
      const { start, idleMs } = checkedWatch(options, source.read);
      this.#position = start;
      yield* this.#follow(resources, transport, await source.url(signal), source.record, idleMs, signal);
    } catch (error) {
      if (this.#stop.signal.aborted || transport.closed.aborted) return; // stopped by the caller or the client
      throw error;
    }
    return undefined;
  }

  async *#follow(
    resources: Resources,
    transport: FeedTransport,
    url: string,
    record: boolean,
    idleMs: number,
    signal: AbortSignal,
  ): AsyncGenerator<FeedEvent<R>, undefined> {
    const described = `GET ${url}`;
    const state = { retryMs: transport.policy.baseDelayMs, delivered: 0 };
    let failures = 0;
    let waitMs: number | undefined;
    let renewed = false;
    let expiredBefore = false;
    for (;;) {
      if (signal.aborted) throw aborted(described, signal);
      if (failures > 0)
        await pause(waitMs ?? reconnectDelay(failures, state.retryMs, transport.policy.maxDelayMs), signal, described);
      const opening = await openFeed(transport, url, this.#position, signal, idleMs);
      waitMs = undefined;
      if (opening.kind === 'over') return undefined;
      if (opening.kind === 'refused') {
        if (renewed) throw opening.error; // the new token was refused too
        transport.tokens?.refused(opening.token);
        renewed = true;
        continue;
      }
      if (opening.kind === 'later') {
        failures++;
        waitMs = opening.retryAfterMs;
        continue;
      }
      renewed = false;
      const delivered = state.delivered;
      const outcome = yield* this.#read(resources, opening.body, url, record, state);
      if (outcome === 'deleted') return undefined;
      if (outcome === 'expired' && opening.token !== undefined) transport.tokens?.refused(opening.token);
      // A new token is asked for at once, unless the last one expired before a single event: then
      // (as after any other end) the hint is waited, so a server expiring every token is not hammered.
      failures = outcome === 'expired' && (!expiredBefore || state.delivered > delivered) ? 0 : 1;
      expiredBefore = outcome === 'expired';
    }
  }

  async *#read(
    resources: Resources,
    body: AsyncIterable<Uint8Array> & { destroy(): unknown },
    url: string,
    record: boolean,
    state: { retryMs: number; delivered: number },
  ): AsyncGenerator<FeedEvent<R>, Outcome> {
    const parser = new SseParser();
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        for (const item of parser.push(decoder.decode(chunk, { stream: true }))) {
          if (item.kind === 'retry') state.retryMs = item.ms;
          if (item.kind !== 'event') continue;
          if (item.value.event === 'expired') return 'expired';
          const event = feedEventOf<R>(item.value, `GET ${url}`);
          if (item.value.lastEventId !== '') this.#position = item.value.lastEventId;
          if (event === undefined) continue;
          if (event.type !== 'reset' && event.record !== undefined)
            addFollow(resources, event.record, url, event.position);
          state.delivered++;
          yield event;
          if (record && event.type === 'deleted') return 'deleted';
        }
      }
      return 'ended';
    } catch (error) {
      if (error instanceof CorralClientError) throw error;
      return 'lost'; // the connection broke or went silent
    } finally {
      body.destroy();
    }
  }
}
