import { afterEach, describe, expect, it } from 'vitest';
import { openSse, type SseConnection } from '../testing/sse-client.js';
import { dataOf, feedApi } from './feed-api.case.test.js';

type Served = Awaited<ReturnType<typeof feedApi>>;
let served: Served | undefined;
const streams: SseConnection[] = [];
const bearer = (token = 'reader') => ({ authorization: `Bearer ${token}` });

async function start(...args: Parameters<typeof feedApi>): Promise<Served> {
  served = await feedApi(...args);
  return served;
}
async function feed(path: string, headers: Record<string, string> = bearer()): Promise<SseConnection> {
  const connection = await openSse(served!.port, path, headers);
  streams.push(connection);
  return connection;
}
/** The next event's type and JSON. */
async function event(stream: SseConnection): Promise<Record<string, any>> {
  const block = await stream.nextEvent();
  return { ...dataOf(block), position: block.id, event: block.event };
}

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await served?.close();
  served = undefined;
});

describe('a list URL as a feed', () => {
  it('streams created, updated and deleted, records shaped as the GET shapes them', async () => {
    const { create, patch, call } = await start();
    const stream = await feed('/v1/animals?fields=name&sortby=name&limit=1');
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect((await stream.next()).retry).toBe('3000');
    const { id } = await create({ zoo_id: '1', name: 'Polly', kind: 'bird' });
    const created = await event(stream);
    expect(created).toMatchObject({
      event: 'created',
      type: 'created',
      collection: 'animals',
      id,
      version: 1,
      matches: true,
      record: { id, name: 'Polly', links: [{ rel: 'self', href: `/v1/animals/${id}` }, { rel: 'zoo' }] },
    });
    expect(created.record.kind).toBeUndefined();
    // The tag is the one the GET with the same fields gives.
    const got = await call('GET', `/v1/animals/${id}?fields=name`);
    expect(created.etag).toBe(got.headers.get('etag'));
    expect(new Date(created.at).getTime()).toBeGreaterThan(0);
    await patch(id, { name: 'Polly 2' });
    expect(await event(stream)).toMatchObject({
      event: 'updated',
      version: 2,
      matches: true,
      record: { name: 'Polly 2' },
    });
    await call('DELETE', `/v1/animals/${id}`);
    const deleted = await event(stream);
    expect(deleted).toMatchObject({ event: 'deleted', id, version: 2, matches: false });
    expect(deleted.record).toBeUndefined();
    expect(Number(deleted.position)).toBeGreaterThan(Number(created.position));
  });

  it('tells a record leaving or entering a filter with matches, and sends nothing of others', async () => {
    const { create, patch } = await start();
    const stream = await feed('/v1/animals?kind=bird');
    const bird = await create({ zoo_id: '1', name: 'Polly', kind: 'bird' });
    expect(await event(stream)).toMatchObject({ event: 'created', id: bird.id, matches: true });
    const cat = await create({ zoo_id: '1', name: 'Tom', kind: 'cat' });
    await patch(bird.id, { kind: 'cat' });
    expect(await event(stream)).toMatchObject({
      event: 'updated',
      id: bird.id,
      matches: false,
      record: { kind: 'cat' },
    });
    await patch(bird.id, { name: 'Polly the cat' }); // outside the filter before and after: nothing
    await patch(cat.id, { kind: 'bird' });
    expect(await event(stream)).toMatchObject({
      event: 'updated',
      id: cat.id,
      matches: true,
      record: { kind: 'bird' },
    });
  });

  it('follows a nested list and a search', async () => {
    const { create } = await start();
    const nested = await feed('/v1/zoos/1/animals');
    const searched = await feed('/v1/animals?query=oll');
    await create({ zoo_id: '2', name: 'Polly', kind: 'bird' });
    const inZoo1 = await create({ zoo_id: '1', name: 'Tom', kind: 'cat' });
    expect(await event(nested)).toMatchObject({ event: 'created', id: inZoo1.id, record: { zoo_id: '1' } });
    expect(await event(searched)).toMatchObject({ event: 'created', record: { name: 'Polly' } });
    expect(nested.pending.filter((block) => block.data)).toEqual([]);
  });
});

describe('a record URL as a feed', () => {
  it('streams the record changes and ends after its delete', async () => {
    const { create, patch, call } = await start();
    const { id } = await create({ zoo_id: '1', name: 'Polly', kind: 'bird' });
    const other = await create({ zoo_id: '1', name: 'Tom', kind: 'cat' });
    const stream = await feed(`/v1/zoos/1/animals/${id}`);
    await patch(other.id, { name: 'Tom 2' });
    await patch(id, { name: 'Polly 2' });
    expect(await event(stream)).toMatchObject({ event: 'updated', id, matches: true, record: { name: 'Polly 2' } });
    await patch(id, { zoo_id: '2' });
    expect(await event(stream)).toMatchObject({ event: 'updated', id, matches: false, record: { zoo_id: '2' } });
    await call('DELETE', `/v1/animals/${id}`);
    expect(await event(stream)).toMatchObject({ event: 'deleted', id, version: 3 });
    await stream.ended;
  });

  it('embeds what expand names, tagged as the GET tags it', async () => {
    const { create, patch, call } = await start();
    const { id } = await create({ zoo_id: '1', name: 'Polly', kind: 'bird' });
    const stream = await feed(`/v1/animals/${id}?expand=zoo&fields=name`);
    await patch(id, { name: 'Polly 2' });
    const updated = await event(stream);
    expect(updated.record).toMatchObject({ name: 'Polly 2', zoo: { id: '1', name: 'Berlin' } });
    expect(updated.record.kind).toBeUndefined();
    const got = await call('GET', `/v1/animals/${id}?expand=zoo&fields=name`);
    expect(updated.etag).toBe(got.headers.get('etag'));
    expect(updated.record).toEqual(got.body);
  });
});

describe('resuming a feed', () => {
  it('replays exactly the missed events in order with Last-Event-ID, then goes on live', async () => {
    const { create, patch } = await start();
    const first = await feed('/v1/animals');
    const a = await create({ zoo_id: '1', name: 'A', kind: 'bird' });
    const seen = await event(first);
    first.close();
    const b = await create({ zoo_id: '1', name: 'B', kind: 'cat' });
    await served!.call('PATCH', '/v1/zoos/1', { name: 'Another collection' });
    await patch(a.id, { name: 'A2' });
    await create({ zoo_id: '2', name: 'C', kind: 'cat' });
    const resumed = await feed('/v1/animals', { ...bearer(), 'last-event-id': seen.position! });
    const missed = [await event(resumed), await event(resumed), await event(resumed)];
    expect(missed.map((e) => `${e.event} ${e.record.name}`)).toEqual(['created B', 'updated A2', 'created C']);
    expect(missed[0]!.position).toBe(String(Number(seen.position) + 1));
    await patch(b.id, { name: 'B2' });
    expect(await event(resumed)).toMatchObject({ event: 'updated', record: { name: 'B2' } });
    expect(resumed.pending.filter((block) => block.data)).toEqual([]);
  });

  it('opens from the position a GET answered with, missing nothing written after the read', async () => {
    const { create, call } = await start();
    const page = await call('GET', '/v1/animals');
    const position = page.headers.get('last-event-id');
    expect(position).toMatch(/^\d+$/);
    await create({ zoo_id: '1', name: 'After the read', kind: 'bird' });
    const stream = await feed('/v1/animals', { ...bearer(), 'last-event-id': position! });
    expect(await event(stream)).toMatchObject({ event: 'created', record: { name: 'After the read' } });
  });

  it('answers a position it cannot resume from with reset, then live events', async () => {
    const { create, log } = await start();
    const stream = await feed('/v1/animals', { ...bearer(), 'last-event-id': 'not-a-position' });
    const reset = await event(stream);
    expect(reset).toEqual({ position: log.position(), event: 'reset', type: 'reset', reason: 'unknown' });
    await create({ zoo_id: '1', name: 'Live', kind: 'bird' });
    expect(await event(stream)).toMatchObject({ event: 'created', record: { name: 'Live' } });
  });

  it('resets a position older than what the log keeps', async () => {
    const { create, log } = await start({}, { changes: { retain: 2 } });
    const old = log.position();
    for (const name of ['A', 'B', 'C']) await create({ zoo_id: '1', name, kind: 'bird' });
    const stream = await feed('/v1/animals', { ...bearer(), 'last-event-id': old });
    expect(await event(stream)).toEqual({ position: log.position(), event: 'reset', type: 'reset', reason: 'expired' });
  });
});

describe('a feed asked for behind another request on one HTTP/1.1 connection (pipelined)', () => {
  it('streams once the answer before it is written, instead of ending at once', async () => {
    const { create } = await start();
    const { connect } = await import('node:net');
    const socket = connect(served!.port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    const auth = 'Authorization: Bearer reader\r\n';
    socket.write(
      `GET /v1/animals HTTP/1.1\r\nHost: x\r\n${auth}\r\n` +
        `GET /v1/animals HTTP/1.1\r\nHost: x\r\n${auth}Accept: text/event-stream\r\n\r\n`,
    );
    const until = async (test: () => boolean) => {
      for (let i = 0; i < 200 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      return test();
    };
    expect(await until(() => received.includes('text/event-stream'))).toBe(true);
    await create({ zoo_id: '1', name: 'Piped', kind: 'bird' });
    expect(await until(() => received.includes('Piped'))).toBe(true);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });

  it('lets go of a feed queued behind another feed when the client leaves', async () => {
    await start();
    const { connect } = await import('node:net');
    const { openStreamCount } = await import('../http/node-stream.js');
    const before = openStreamCount();
    const socket = connect(served!.port, '127.0.0.1');
    const ask =
      'GET /v1/animals HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer reader\r\nAccept: text/event-stream\r\n\r\n';
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    socket.write(ask + ask);
    for (let i = 0; i < 200 && !received.includes('retry'); i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(openStreamCount()).toBe(before + 2);
    socket.destroy();
    for (let i = 0; i < 200 && openStreamCount() > before; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(openStreamCount()).toBe(before);
  });
});
