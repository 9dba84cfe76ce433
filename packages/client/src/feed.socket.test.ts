import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { CorralClientError } from './errors.js';
import type { FeedEvent } from './feed-events.js';
import { type FeedServer, startFeedServer } from './testing/feed-server.js';
import type { TokenSource } from './tokens.js';

/** Waits until the condition holds (the server saw a connection open or close). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 3000) throw new Error(`still waiting for ${what}`);
    await sleep(5);
  }
}

/** The next `count` events of a feed. */
async function take<R>(feed: AsyncIterator<FeedEvent<R>>, count: number): Promise<FeedEvent<R>[]> {
  const events: FeedEvent<R>[] = [];
  for (let index = 0; index < count; index++) {
    const next = await feed.next();
    if (next.done) throw new Error(`the feed ended after ${events.length} events`);
    events.push(next.value);
  }
  return events;
}

const kinds = (events: readonly FeedEvent<unknown>[]) =>
  events.map((event) =>
    event.type === 'reset' ? `reset@${event.position}` : `${event.type} ${event.id}@${event.position}`,
  );

/** A token source that hands out `first`, then `second` once `first` was refused. */
function rotatingTokens() {
  const refused: string[] = [];
  let current = 'first';
  const source: TokenSource = {
    token: async () => current,
    refused(token) {
      refused.push(token);
      if (token === 'first') current = 'second';
    },
  };
  return { source, refused };
}

describe('feeds over a real socket', () => {
  let server: FeedServer;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    await server?.close();
  });

  async function setUp(options: Parameters<typeof startFeedServer>[0] = {}, retry = { baseDelayMs: 20 }) {
    server = await startFeedServer(options);
    const tokens = rotatingTokens();
    const client = createClient({ baseUrl: `${server.origin}/v1`, auth: tokens.source, retry });
    close = () => client.close();
    return { client, notes: client.collection('notes'), tokens };
  }

  it('sends Accept and the bearer token (never in the URL), and yields typed changes with records to follow', async () => {
    const { notes } = await setUp();
    const feed = notes.watch({ filter: { colour: 'red' }, sort: 'text', limit: 5 });
    const first = feed.next();
    await until(() => server.openStreams() === 1, 'the feed to open');
    server.publish('created', { id: '1', text: 'a', colour: 'red' });
    server.publish('created', { id: '2', text: 'b', colour: 'blue' }); // not in the list
    server.publish('updated', { id: '1', text: 'a', colour: 'blue' }); // leaves it
    server.publish('deleted', { id: '1', text: 'a', colour: 'blue' }); // no longer in it either way
    const [created, left] = [(await first).value, ...(await take(feed, 1))];
    expect(created).toMatchObject({ type: 'created', collection: 'notes', id: '1', version: 1, matches: true });
    expect(created).toMatchObject({ etag: '"1-1"', position: '1', record: { id: '1', text: 'a' } });
    expect(left).toMatchObject({ type: 'updated', id: '1', version: 2, matches: false, position: '3' });
    if (created?.type === 'reset' || created?.record === undefined) throw new Error('no record');
    expect(typeof created.record.follow).toBe('function');
    expect(Object.keys(created.record)).toEqual(['id', 'text', 'colour', 'links']);
    expect(feed.position).toBe('3');
    expect(server.requests).toEqual([
      {
        url: '/v1/notes?colour=red',
        accept: 'text/event-stream',
        authorization: 'Bearer first',
        lastEventId: undefined,
      },
    ]);
    await feed.return();
  });

  it('opens from the position of a page it read, from `from` and from `after`', async () => {
    const { notes } = await setUp();
    server.publish('created', { id: '1', text: 'a', colour: 'red' });
    const page = await notes.list({ filter: { colour: 'red' } });
    expect(page.position).toBe('1');
    server.publish('updated', { id: '1', text: 'b', colour: 'red' }); // after the read, before the feed opens
    expect(kinds(await take(page.watch(), 1))).toEqual(['updated 1@2']);
    expect(kinds(await take(notes.watch({ from: page }), 1))).toEqual(['updated 1@2']);
    expect(kinds(await take(notes.watch({ after: '0' }), 2))).toEqual(['created 1@1', 'updated 1@2']);
    expect(server.requests.map((request) => request.lastEventId)).toEqual(['1', '1', '0']);
    expect(server.requests[0]?.url).toBe('/v1/notes?colour=red');
  });

  it('watches a record from the answer it came in, and ends after its deleted', async () => {
    const { notes } = await setUp();
    server.publish('created', { id: '7', text: 'a', colour: 'red' });
    const note = await notes.get('7');
    server.publish('updated', { id: '7', text: 'b', colour: 'red' });
    server.publish('updated', { id: '8', text: 'other', colour: 'red' });
    server.publish('deleted', { id: '7', text: 'b', colour: 'red' });
    const feed = note.watch();
    expect(kinds(await take(feed, 2))).toEqual(['updated 7@2', 'deleted 7@4']);
    expect(await feed.next()).toEqual({ done: true, value: undefined });
    expect(server.requests[0]).toMatchObject({ url: '/v1/notes/7', lastEventId: '1' });
  });

  it('reconnects after a dropped connection, resuming after the last id: every missed event once, in order', async () => {
    const { notes } = await setUp({ lineEnd: '\r\n', pieceSize: 7 });
    const feed = notes.watch();
    const first = feed.next();
    await until(() => server.openStreams() === 1, 'the feed to open');
    server.publish('created', { id: '1', text: 'a', colour: 'red' });
    expect((await first).value).toMatchObject({ type: 'created', position: '1' });
    server.write('id: 99\r\nevent: updated\r\ndata: {"half":'); // an event the drop cuts: never delivered
    server.drop();
    server.publish('created', { id: '2', text: 'b', colour: 'red' });
    server.publish('updated', { id: '2', text: 'c', colour: 'red' });
    expect(kinds(await take(feed, 2))).toEqual(['created 2@2', 'updated 2@3']);
    expect(server.requests.map((request) => request.lastEventId)).toEqual([undefined, '1']);
    await feed.return();
  });

  it('reconnects when the server ends the stream, after the retry hint', async () => {
    const { notes } = await setUp({}, { baseDelayMs: 5 });
    const feed = notes.watch({ after: '0' });
    server.publish('created', { id: '1', text: 'a', colour: 'red' });
    expect(kinds(await take(feed, 1))).toEqual(['created 1@1']);
    const next = feed.next(); // a feed works while it is read: the caller waits for the next event
    const ended = Date.now();
    server.end(300);
    await until(() => server.openStreams() === 1, 'the reconnection');
    expect(Date.now() - ended).toBeGreaterThanOrEqual(290);
    expect(server.requests[1]?.lastEventId).toBe('1');
    server.publish('updated', { id: '1', text: 'b', colour: 'red' });
    expect(kinds([(await next).value!])).toEqual(['updated 1@2']);
    await feed.return();
  });

  it('gets a new token when the stream ends with expired, and resumes', async () => {
    const { notes, tokens } = await setUp();
    server.tokens.add('second');
    const feed = notes.watch({ after: '0' });
    server.publish('created', { id: '1', text: 'a', colour: 'red' });
    expect(kinds(await take(feed, 1))).toEqual(['created 1@1']);
    server.expire('first');
    server.publish('updated', { id: '1', text: 'b', colour: 'red' });
    expect(kinds(await take(feed, 1))).toEqual(['updated 1@2']);
    expect(tokens.refused).toEqual(['first']);
    expect(server.requests.map((request) => [request.authorization, request.lastEventId])).toEqual([
      ['Bearer first', '0'],
      ['Bearer second', '1'],
    ]);
    await feed.return();
  });

  it('yields a reset when the position is too old, and goes on with live events', async () => {
    const { notes } = await setUp();
    server.publish('created', { id: '1', text: 'a', colour: 'red' });
    server.publish('updated', { id: '1', text: 'b', colour: 'red' });
    server.prune(2);
    const feed = notes.watch({ after: '0' });
    const [reset] = await take(feed, 1);
    expect(reset).toEqual({ type: 'reset', reason: 'too old', position: '2' });
    server.publish('updated', { id: '1', text: 'c', colour: 'red' });
    expect(kinds(await take(feed, 1))).toEqual(['updated 1@3']);
    await feed.return();
  });

  it('waits through 503 answers (Retry-After) and reconnects after a silence longer than idleTimeoutMs', async () => {
    const { notes } = await setUp();
    server.refuseNext(503, 2, { 'retry-after': '0' });
    const feed = notes.watch({ idleTimeoutMs: 200 });
    const first = feed.next();
    await until(() => server.openStreams() === 1, 'the feed to open');
    expect(server.requests).toHaveLength(3);
    for (let beat = 0; beat < 6; beat++) {
      server.write(': heartbeat\n\n'); // comments keep a quiet stream alive
      await sleep(50);
    }
    expect(server.requests).toHaveLength(3);
    await until(() => server.requests.length === 4, 'a reconnection after the silence');
    await until(() => server.openStreams() === 1, 'the feed to open again');
    server.publish('created', { id: '1', text: 'a', colour: 'red' });
    expect((await first).value).toMatchObject({ type: 'created', id: '1' });
    await feed.return();
  });

  it('fails with the answer for a status it cannot get past, and for an answer that is no stream', async () => {
    const { notes } = await setUp();
    server.refuseNext(403, 1);
    const refused = await notes
      .watch()
      .next()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CorralClientError);
    expect(refused).toMatchObject({ kind: 'http', status: 403, message: 'refused with 403' });
    for (const [options, message] of [
      [{ after: '1', from: { position: '2' } }, 'Give `from` or `after`, not both'],
      [{ after: '' }, 'after must be a position (a non-empty string); got ""'],
      [{ idleTimeoutMs: -1 }, 'idleTimeoutMs must be a positive number of milliseconds; got -1'],
    ] as const)
      await expect(notes.watch(options).next()).rejects.toMatchObject({ kind: 'usage', message });
    server.refuseNext(200, 1); // a JSON answer: a server that serves no feeds
    const notAStream = await notes
      .watch()
      .next()
      .catch((error: unknown) => error);
    expect(notAStream).toMatchObject({ kind: 'protocol', status: 200 });
    expect((notAStream as Error).message).toMatch(/application\/json, not text\/event-stream/);
    server.refuseNext(204, 1); // the server says there is nothing to follow: the feed ends
    expect(await notes.watch().next()).toEqual({ done: true, value: undefined });
    const fixed = createClient({ baseUrl: `${server.origin}/v1`, auth: 'first' });
    const page = await fixed.collection('notes').list();
    server.tokens.delete('first'); // a fixed token cannot be renewed: one more try, then the 401
    const before = server.requests.length;
    const unauthorized = await page
      .watch()
      .next()
      .catch((error: unknown) => error);
    expect(unauthorized).toMatchObject({ kind: 'http', status: 401, message: 'invalid token' });
    expect(server.requests.length - before).toBe(2);
    await fixed.close();
    server.tokens.add('second'); // the token is refused: renewed once, then the feed opens
    const feed = notes.watch();
    const next = feed.next();
    await until(() => server.openStreams() === 1, 'the feed to open');
    server.publish('created', { id: '1', text: 'a', colour: 'red' });
    expect((await next).value).toMatchObject({ type: 'created' });
    await feed.return();
  });

  it('stops at break, at return() while a next() waits, at an abort and at close(), closing its connection', async () => {
    const { client, notes } = await setUp();
    server.publish('created', { id: '1', text: 'a', colour: 'red' });
    for await (const event of notes.watch({ after: '0' })) if (event.type === 'created') break;
    await until(() => server.openStreams() === 0, 'the stream to close after break');

    const waiting = notes.watch();
    const pending = waiting.next();
    await until(() => server.openStreams() === 1, 'the feed to open');
    expect(await waiting.return()).toEqual({ done: true, value: undefined });
    expect(await pending).toEqual({ done: true, value: undefined });
    await until(() => server.openStreams() === 0, 'the stream to close after return()');

    const controller = new AbortController();
    const aborted = notes.watch({ signal: controller.signal });
    const stopped = aborted.next().catch((error: unknown) => error);
    await until(() => server.openStreams() === 1, 'the feed to open');
    controller.abort(new Error('enough'));
    expect(await stopped).toMatchObject({ kind: 'aborted' });
    await until(() => server.openStreams() === 0, 'the stream to close after the abort');

    const closed = notes.watch().next();
    await until(() => server.openStreams() === 1, 'the feed to open');
    await client.close();
    expect(await closed).toEqual({ done: true, value: undefined });
    expect(server.openStreams()).toBe(0);
    close = undefined;
  });

  it('leaves no timer behind when aborted during a wait before reconnecting', async () => {
    const { notes } = await setUp();
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    server.refuseNext(503, 1, { 'retry-after': '20' });
    const controller = new AbortController();
    const stopped = notes
      .watch({ signal: controller.signal })
      .next()
      .catch((error: unknown) => error);
    await until(() => server.requests.length === 1, 'the refused request');
    await sleep(50);
    const waiting = timers(); // the 20-second wait is one of them
    const started = Date.now();
    controller.abort();
    expect(await stopped).toMatchObject({ kind: 'aborted' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(timers()).toBe(waiting - 1);
  });
});
