import { afterEach, describe, expect, it } from 'vitest';
import { stopStreams } from '../http/node-stream.js';
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

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await served?.close();
  served = undefined;
});

describe('refusals before a feed starts', () => {
  it('answers 401, 403, 400, 404 and 410 in the error shape, as the GET would', async () => {
    const { create, call } = await start();
    const { id } = await create({ zoo_id: '1', name: 'Gone', kind: 'bird' });
    await call('DELETE', `/v1/animals/${id}`);
    const secret = await create({ zoo_id: '1', name: 'Hidden', kind: 'cat', secret: true });
    const cases: [string, Record<string, string>, number][] = [
      ['/v1/animals', {}, 401],
      ['/v1/animals', bearer('noscope'), 403],
      ['/v1/animals?kind=fish', bearer(), 400],
      ['/v1/animals?nope=1', bearer(), 400],
      ['/v1/animals?fields=nope', bearer(), 400],
      ['/v1/animals/1?limit=2', bearer(), 400],
      ['/v1/zoos/99/animals', bearer(), 404],
      ['/v1/animals/99', bearer(), 404],
      [`/v1/animals/${id}`, bearer(), 410],
      [`/v1/animals/${secret.id}`, bearer(), 403],
    ];
    for (const [path, headers, status] of cases) {
      const answer = await feed(path, headers);
      expect({ path, status: answer.status }).toEqual({ path, status });
      expect(answer.headers['content-type']).toMatch(/json/);
      const body = answer.body as Record<string, unknown>;
      expect(body.message ?? body.error).toEqual(expect.any(String));
    }
  });

  it('serves JSON unless the client names the stream, and 406 where there is no feed', async () => {
    const { call } = await start();
    for (const accept of ['*/*', 'application/json', 'application/json, text/event-stream;q=0.5']) {
      const answer = await call('GET', '/v1/animals', undefined, { accept });
      expect(answer.headers.get('content-type')).toMatch(/json/);
    }
    expect((await call('GET', '/v1/errors', undefined, { accept: 'text/event-stream' })).status).toBe(406);
  });
});

describe('rules on a feed', () => {
  it('never sends a record the record rule or the list restriction hides', async () => {
    const { create, patch } = await start();
    const all = await feed('/v1/animals');
    const tenant = await feed('/v1/animals', bearer('tenant'));
    const secret = await create({ zoo_id: '1', name: 'Hidden', kind: 'cat', secret: true });
    await patch(secret.id, { name: 'Still hidden' });
    await create({ zoo_id: '2', name: 'Elsewhere', kind: 'cat' });
    const shown = await create({ zoo_id: '1', name: 'Shown', kind: 'cat' });
    expect(dataOf(await all.nextEvent())).toMatchObject({ record: { name: 'Elsewhere' } });
    expect(dataOf(await all.nextEvent())).toMatchObject({ id: shown.id });
    expect(dataOf(await tenant.nextEvent())).toMatchObject({ id: shown.id });
    // A record that becomes hidden leaves the list without showing its new state.
    await patch(shown.id, { secret: true });
    const left = dataOf(await all.nextEvent());
    expect(left).toMatchObject({ type: 'updated', id: shown.id, matches: false });
    expect(left.record).toBeUndefined();
    // Its delete is not sent either: it was hidden before.
    await served!.call('DELETE', `/v1/animals/${secret.id}`);
    await create({ zoo_id: '1', name: 'Last', kind: 'bird' });
    expect(dataOf(await all.nextEvent())).toMatchObject({ record: { name: 'Last' } });
  });
});

describe('bounds of feeds', () => {
  it('refuses a client its stream past streamsPerClient with 429, and counts it free once closed', async () => {
    await start({ streamsPerClient: 2 });
    const first = await feed('/v1/animals');
    await feed('/v1/animals/1'.replace('animals/1', 'zoos/1'));
    const refused = await feed('/v1/animals');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringContaining('2 open streams') });
    expect((await feed('/v1/animals', bearer('tenant'))).status).toBe(200); // another client
    first.close();
    await first.ended;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await feed('/v1/animals')).status).toBe(200);
  });

  it('cuts a subscriber that does not read', async () => {
    const { create, patch } = await start({ streamsPerClient: 1 });
    const stream = await feed('/v1/animals');
    stream.pause();
    const { id } = await create({ zoo_id: '1', name: 'Big', kind: 'bird' });
    const notes = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 200; i++) await patch(id, { notes: `${i}${notes}` });
    // The paused stream is still connected, yet no longer counted: the server has cut it.
    expect((await feed('/v1/animals')).status).toBe(200);
    stream.close();
  });

  it('keeps up with a bulk write of a thousand records, queueing only what concerns each feed', async () => {
    const { create, call } = await start();
    for (let batch = 0; batch < 20; batch++)
      await Promise.all(Array.from({ length: 50 }, () => create({ zoo_id: '1', name: 'x', kind: 'bird' })));
    const all = await feed('/v1/animals');
    const cats = await feed('/v1/animals?kind=cat');
    const ids = Array.from({ length: 1000 }, (_, i) => String(i + 1));
    const written = await call(
      'PUT',
      '/v1/animals',
      ids.map((id) => ({ id, zoo_id: '1', name: `renamed ${id}`, kind: 'bird' })),
    );
    expect(written.status).toBe(200);
    const names = [];
    for (const _ of ids) names.push(dataOf(await all.nextEvent()).record.name);
    expect(names).toEqual(ids.map((id) => `renamed ${id}`));
    await create({ zoo_id: '1', name: 'Felix', kind: 'cat' });
    expect(dataOf(await cats.nextEvent())).toMatchObject({ record: { name: 'Felix' } });
  });

  it('sends a heartbeat comment on every interval', async () => {
    await start({ heartbeatInterval: 30 });
    const stream = await feed('/v1/animals');
    expect((await stream.next()).retry).toBe('3000');
    expect((await stream.next(1000)).comments).toEqual(['heartbeat']);
    expect((await stream.next(1000)).comments).toEqual(['heartbeat']);
  });

  it('ends every stream with a retry hint when the server begins to stop', async () => {
    await start();
    const stream = await feed('/v1/animals');
    expect((await stream.next()).retry).toBe('3000');
    stopStreams();
    const hint = Number((await stream.next()).retry);
    expect(hint).toBeGreaterThanOrEqual(1000);
    expect(hint).toBeLessThanOrEqual(5000);
    await stream.ended;
  });

  it('ends with event: expired when the token expires', async () => {
    await start();
    const stream = await feed('/v1/animals', bearer('short'));
    const expired = await stream.nextEvent(3000);
    expect(expired.event).toBe('expired');
    expect(dataOf(expired)).toEqual({ type: 'expired' });
    await stream.ended;
  });
});

describe('positions on answers', () => {
  it('gives Last-Event-ID on list and record answers (200, 304, HEAD) and on writes', async () => {
    const { call, log } = await start();
    const created = await call('POST', '/v1/animals', { zoo_id: '1', name: 'A', kind: 'bird' });
    expect(created.headers.get('last-event-id')).toBe(log.position());
    const id = created.body.id as string;
    for (const path of ['/v1/animals', `/v1/animals/${id}`, '/v1/zoos/1/animals']) {
      const got = await call('GET', path);
      expect(got.headers.get('last-event-id')).toBe(log.position());
      const etag = got.headers.get('etag')!;
      const same = await call('GET', path, undefined, { 'if-none-match': etag });
      expect(same.status).toBe(304);
      expect(same.headers.get('last-event-id')).toBe(log.position());
      expect((await call('HEAD', path)).headers.get('last-event-id')).toBe(log.position());
      const streamHead = await call('HEAD', path, undefined, { accept: 'text/event-stream' });
      expect(streamHead.headers.get('content-type')).toBe('text/event-stream');
      expect(streamHead.headers.get('last-event-id')).toBe(log.position());
    }
    const patched = await call('PATCH', `/v1/animals/${id}`, { name: 'B' });
    expect(patched.headers.get('last-event-id')).toBe(log.position());
    const deleted = await call('DELETE', `/v1/animals/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('last-event-id')).toBe(log.position());
  });
});
