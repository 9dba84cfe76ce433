import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { DocumentedRoute } from '../vocabulary/plugin.js';
import { createApi } from '../index.js';
import type { Authenticator } from '../auth/principal.js';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { describeEachTransport } from '../testing/each-transport.js';
import { idempotency, type IdempotencyOptions } from './idempotency-plugin.js';
import { memoryIdempotency } from './memory-idempotency.js';

/** The bearer value names the subject and its scopes: `ann+notes:write`. */
const auth: Authenticator = {
  async authenticate(request) {
    const header = request.header('authorization');
    if (!header) return undefined;
    const [subject = '', ...scopes] = header.replace(/^Bearer /, '').split('+');
    return { subject, scopes: new Set(scopes), claims: {} };
  },
  challenge: () => ({ 'www-authenticate': 'Bearer realm="test"' }),
};

/** Notes whose store can be held inside `create` (to keep a request running) or made to fail once. */
function notesApi(options: Partial<IdempotencyOptions> = {}) {
  const store = memoryStore<{ text: string }>();
  const create = store.create.bind(store);
  const control = { creates: 0, hold: undefined as Promise<void> | undefined, entered: () => {}, failNext: false };
  store.create = async (data, callOptions) => {
    control.creates++;
    control.entered();
    if (control.hold) await control.hold;
    if (control.failNext) {
      control.failNext = false;
      throw new Error('the disk is full');
    }
    return create(data, callOptions);
  };
  let replaced = 0;
  const replaceMany = store.replaceMany.bind(store);
  store.replaceMany = (...args) => (replaced++, replaceMany(...args));
  const notes = defineCollection({
    name: 'notes',
    schema: z.object({ text: z.string() }),
    scopes: { read: 'r', write: 'w' },
    store,
  });
  const api = createApi({
    collections: [notes],
    auth,
    logger: silentLogger,
    plugins: [idempotency({ store: memoryIdempotency(), ...options })],
  });
  return { api, control, replacedCount: () => replaced };
}

const as = (who: string, key?: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${who}+r+w`,
  ...(key === undefined ? {} : { 'idempotency-key': key }),
  ...extra,
});
describeEachTransport('Idempotency-Key', (open) => {
  it('replays the first answer to a retry (status, body, Location) without creating twice', async () => {
    const { api, control } = notesApi();
    const transport = await open(api);
    const first = await transport.send('POST', '/v1/notes', { headers: as('ann', 'k-1'), body: { text: 'hello' } });
    expect(first.status).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const retry = await transport.send('POST', '/v1/notes', { headers: as('ann', '"k-1"'), body: { text: 'hello' } });
    expect(retry).toMatchObject({ status: 201, text: first.text });
    expect(retry.headers).toMatchObject({
      location: first.headers.location,
      etag: first.headers.etag,
      'idempotency-replayed': 'true',
    });
    expect(retry.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(control.creates).toBe(1);
    expect((await transport.send('GET', '/v1/notes', { headers: as('ann') })).json.notes).toHaveLength(1);
    // A refusal of the request itself is an answer too: kept and replayed.
    const invalid = await transport.send('POST', '/v1/notes', { headers: as('ann', 'k-2'), body: { text: 5 } });
    expect(invalid.status).toBe(422);
    expect(await transport.send('POST', '/v1/notes', { headers: as('ann', 'k-2'), body: { text: 5 } })).toMatchObject({
      status: 422,
      text: invalid.text,
      headers: { 'idempotency-replayed': 'true' },
    });
  });

  it('refuses the same key with another body or path (422) and keeps keys of different callers apart', async () => {
    const { api, control } = notesApi();
    const transport = await open(api);
    await transport.send('POST', '/v1/notes', { headers: as('ann', 'k'), body: { text: 'a' } });
    const otherBody = await transport.send('POST', '/v1/notes', { headers: as('ann', 'k'), body: { text: 'b' } });
    expect(otherBody.status).toBe(422);
    expect(otherBody.json).toMatchObject({ errorCode: 1026 });
    expect(
      (await transport.send('POST', '/v1/notes?x=1', { headers: as('ann', 'k'), body: { text: 'a' } })).json,
    ).toMatchObject({ errorCode: 1026 });
    const bob = await transport.send('POST', '/v1/notes', { headers: as('bob', 'k'), body: { text: 'b' } });
    expect(bob.status).toBe(201);
    expect(bob.headers['idempotency-replayed']).toBeUndefined();
    expect(control.creates).toBe(2);
  });

  it('answers 409 with Retry-After while the first request with the key still runs, then replays it', async () => {
    const { api, control } = notesApi();
    const transport = await open(api);
    let letGo = () => {};
    control.hold = new Promise((resolve) => (letGo = resolve));
    const entered = new Promise<void>((resolve) => (control.entered = resolve));
    const first = transport.send('POST', '/v1/notes', { headers: as('ann', 'slow'), body: { text: 'a' } });
    await entered;
    const during = await transport.send('POST', '/v1/notes', { headers: as('ann', 'slow'), body: { text: 'a' } });
    expect(during.status).toBe(409);
    expect(during.headers['retry-after']).toBe('1');
    expect(during.json).toEqual({
      message: expect.stringContaining('still being processed'),
      errorCode: 1027,
      additionalInformation: expect.stringMatching(/\/1027$/),
    });
    letGo();
    expect((await first).status).toBe(201);
    expect(
      (await transport.send('POST', '/v1/notes', { headers: as('ann', 'slow'), body: { text: 'a' } })).headers[
        'idempotency-replayed'
      ],
    ).toBe('true');
    expect(control.creates).toBe(1);
  });

  it('runs the request again once the window is over, and after a server failure', async () => {
    let clock = 1_000_000;
    const { api, control } = notesApi({ windowSeconds: 60, now: () => clock });
    const transport = await open(api);
    const send = () => transport!.send('POST', '/v1/notes', { headers: as('ann', 'w'), body: { text: 'a' } });
    expect((await send()).status).toBe(201);
    clock += 59_999;
    expect((await send()).headers['idempotency-replayed']).toBe('true');
    clock += 1;
    const later = await send();
    expect(later.status).toBe(201);
    expect(later.headers['idempotency-replayed']).toBeUndefined();
    expect(control.creates).toBe(2);
    control.failNext = true;
    const failing = (key: string) =>
      transport!.send('POST', '/v1/notes', { headers: as('ann', key), body: { text: 'a' } });
    expect((await failing('f')).status).toBe(500);
    expect((await failing('f')).status).toBe(201);
  });

  it('refuses malformed keys (400) and, when required, a POST without one; a refused token holds no key', async () => {
    const { api } = notesApi({ required: true });
    const transport = await open(api);
    const post = (headers: Record<string, string>) =>
      transport!.send('POST', '/v1/notes', { headers, body: { text: 'a' } });
    // Quotes only as the one pair around a structured-field string: a half-quoted key is a typo.
    for (const key of ['', 'x'.repeat(256), 'two words', '""', '"abc', 'abc"', '"a"b"', '"a\\"b"']) {
      const refused = await post(as('ann', key));
      expect(refused.status, JSON.stringify(key)).toBe(400);
      expect(refused.json).toMatchObject({ errorCode: 1028 });
    }
    expect((await post(as('ann'))).json).toMatchObject({
      errorCode: 1028,
      message: expect.stringContaining('Idempotency-Key'),
    });
    expect((await post(as('ann', 'x'.repeat(255)))).status).toBe(201);
    expect((await post({ 'idempotency-key': 'anon' })).status).toBe(401);
    expect((await post({ authorization: 'Bearer ann+r', 'idempotency-key': 'scoped' })).status).toBe(403);
    expect((await post(as('ann', 'scoped'))).status).toBe(201);
  });

  it('replays the 202 of a respond-async bulk write: its job runs once', async () => {
    const { api, replacedCount } = notesApi();
    const transport = await open(api);
    expect(
      (await transport.send('POST', '/v1/notes', { headers: as('ann'), body: { text: 'a' } })).headers.location,
    ).toBe('/v1/notes/1');
    const headers = as('ann', 'bulk', { prefer: 'respond-async' });
    const accepted = await transport.send('PUT', '/v1/notes', { headers, body: [{ id: '1', text: 'a' }] });
    expect(accepted.status).toBe(202);
    const retry = await transport.send('PUT', '/v1/notes', { headers, body: [{ id: '1', text: 'a' }] });
    expect(retry).toMatchObject({
      status: 202,
      text: accepted.text,
      headers: { location: accepted.headers.location, 'idempotency-replayed': 'true' },
    });
    await vi.waitFor(async () => {
      const job = await transport.send('GET', accepted.headers.location!, { headers: as('ann') });
      expect(job.json.status).toBe('succeeded');
    });
    expect(replacedCount()).toBe(1);
    // Without the preference a bulk PUT is idempotent by itself: the key is not looked at.
    await transport.send('PUT', '/v1/notes', { headers: as('ann', 'bulk'), body: [{ id: '1', text: 'b' }] });
    expect(replacedCount()).toBe(2);
  });
});

describe('idempotency documentation', () => {
  it('documents the header and the 409 and 422 answers on POST and respond-async routes only', () => {
    let table: readonly DocumentedRoute[] = [];
    const notes = defineCollection({ name: 'notes', schema: z.object({ text: z.string() }), store: memoryStore() });
    createApi({
      collections: [notes],
      logger: silentLogger,
      plugins: [
        idempotency({ store: memoryIdempotency(), required: true }),
        { name: 'table', routes: (v) => ((table = v.routes), []) },
      ],
    });
    const docs = (method: string, pattern: string) =>
      table.find((r) => r.method === method && r.pattern === pattern)?.docs ?? [];
    expect(docs('POST', '/notes')[0]).toMatchObject({
      requestHeaders: { 'Idempotency-Key': { required: true } },
      responses: { '409': {}, '422': {} },
    });
    expect(docs('PUT', '/notes')[0]?.requestHeaders?.['Idempotency-Key']?.required).toBeUndefined();
    expect(docs('GET', '/notes')).toEqual([]);
    expect(docs('PATCH', '/notes/:id')).toEqual([]);
  });
});
