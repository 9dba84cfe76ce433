// A create carrying an Idempotency-Key is safe to repeat: through a database cut (503 1034) and
// while the key is held (409 1027) the client sends it again with the same key, and only then.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type CorralClient, createClient } from './client.js';
import type { CorralClientError } from './errors.js';

/** What the API answers to one POST instead of its result; `commits` says the write happened all the same. */
interface Cut {
  readonly status: number;
  readonly code?: number;
  readonly retryAfter?: string;
  readonly commits?: boolean;
}

interface Kept {
  readonly body: unknown;
  readonly location: string;
}

/**
 * A loopback API of one collection, `things`, that keeps a keyed create's record and answer
 * together (as Corral does in the write's transaction); `cuts` are answered to the next POSTs.
 */
async function thingsApi(cuts: Cut[]) {
  const records: unknown[] = [];
  const replays: string[] = [];
  const kept = new Map<string, Kept>();
  const seen: string[] = [];
  const write = (origin: string, data: object, key: string | undefined): Kept => {
    const id = String(records.length + 1);
    const location = `${origin}/v1/things/${id}`;
    const record = { id, ...data, links: [{ rel: 'self', href: location }] };
    records.push(record);
    const answer = { body: record, location };
    if (key !== undefined) kept.set(key, answer);
    return answer;
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const origin = `http://${req.headers.host}`;
    if (req.method === 'GET') return void res.end(JSON.stringify({ things_url: `${origin}/v1/things`, links: [] }));
    let text = '';
    for await (const chunk of req) text += chunk;
    const key = req.headers['idempotency-key'] as string | undefined;
    seen.push(key === undefined ? 'POST' : `POST ${key}`);
    const cut = cuts.shift();
    const replay = key === undefined ? undefined : kept.get(key);
    if (cut !== undefined) {
      if (cut.commits && replay === undefined) write(origin, JSON.parse(text), key);
      const headers = cut.retryAfter === undefined ? {} : { 'retry-after': cut.retryAfter };
      return void res.writeHead(cut.status, headers).end(JSON.stringify({ message: 'cut', errorCode: cut.code }));
    }
    const answer = replay ?? write(origin, JSON.parse(text), key);
    if (replay !== undefined && key !== undefined) replays.push(key);
    const replayed = replay === undefined ? {} : { 'idempotency-replayed': 'true' };
    res.writeHead(201, { location: answer.location, ...replayed }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    records,
    replays,
    seen,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const outcomeUnknown = { status: 503, code: 1034 } as const;
const inFlight = { status: 409, code: 1027, retryAfter: '0' } as const;

let api: Awaited<ReturnType<typeof thingsApi>> | undefined;
let client: CorralClient | undefined;
afterEach(async () => {
  await client?.close();
  await api?.close();
});

describe('a keyed create through a cut', () => {
  const start = async (cuts: Cut[], options: { idempotencyKeys?: boolean; retries?: number } = {}) => {
    api = await thingsApi(cuts);
    client = createClient({
      baseUrl: api.baseUrl,
      idempotencyKeys: options.idempotencyKeys,
      retry: { retries: options.retries ?? 3, baseDelayMs: 5 },
    });
    return { api, things: client.collection('things') };
  };
  const sameKey = (seen: string[]) => new Set(seen).size === 1 && seen[0]?.startsWith('POST ');

  it('that committed ends with one record and the replayed answer, after waiting Retry-After', async () => {
    const { api, things } = await start([
      { ...outcomeUnknown, commits: true },
      { ...inFlight, retryAfter: '1' },
    ]);
    const began = Date.now();
    const created = await things.create({ name: 'one' });
    expect(Date.now() - began).toBeGreaterThanOrEqual(900);
    expect(api.records).toHaveLength(1);
    expect(created).toMatchObject({ record: { id: '1', name: 'one' }, url: `${api.baseUrl}/things/1` });
    expect(api.seen).toHaveLength(3);
    expect(sameKey(api.seen)).toBe(true);
    expect(api.replays).toHaveLength(1); // the last answer was the kept one
  });

  it('that did not commit runs once more when the key frees, still one record', async () => {
    const { api, things } = await start([outcomeUnknown, inFlight, inFlight]);
    expect((await things.create({ name: 'one' })).record).toMatchObject({ id: '1' });
    expect(api.records).toHaveLength(1);
    expect(api.seen).toHaveLength(4);
    expect(sameKey(api.seen)).toBe(true);
    expect(api.replays).toHaveLength(0); // nothing was kept: the last attempt ran
  });

  it('gives up with the 409 when the retries run out', async () => {
    const { api, things } = await start([outcomeUnknown, inFlight, inFlight, inFlight], { retries: 2 });
    const error = await things.create({ name: 'one' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'http', status: 409, errorCode: 1027 });
    expect(api.seen).toHaveLength(3);
  });

  it('stops waiting for the key when the call is aborted', async () => {
    const { api, things } = await start([outcomeUnknown, { ...inFlight, retryAfter: '30' }]);
    const began = Date.now();
    const error = await things.create({ name: 'one' }, AbortSignal.timeout(300)).catch((caught: unknown) => caught);
    expect((error as CorralClientError).kind).toBe('aborted');
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(api.seen).toHaveLength(2);
  });
});

describe('what is not sent again', () => {
  const refusal = async (cut: Cut, idempotencyKeys = true) => {
    api = await thingsApi([cut]);
    client = createClient({ baseUrl: api.baseUrl, idempotencyKeys, retry: { baseDelayMs: 5 } });
    return client
      .collection('things')
      .create({ name: 'one' })
      .catch((caught: unknown) => caught as CorralClientError);
  };

  it('a create without a key, on 503 1034: its outcome is unknown and repeating it could write twice', async () => {
    const error = await refusal({ ...outcomeUnknown, commits: true }, false);
    expect(error).toMatchObject({ kind: 'http', status: 503, errorCode: 1034 });
    expect(api?.seen).toEqual(['POST']);
  });

  it('a create without a key, on 409 1027', async () => {
    expect(await refusal(inFlight, false)).toMatchObject({ status: 409, errorCode: 1027 });
    expect(api?.seen).toEqual(['POST']);
  });

  it('a keyed create on a 409 for another reason, with Retry-After or without a code', async () => {
    expect(await refusal({ status: 409, code: 1029, retryAfter: '0' })).toMatchObject({ status: 409, errorCode: 1029 });
    expect(api?.seen).toHaveLength(1);
    await client?.close();
    await api?.close();
    expect(await refusal({ status: 409 })).toMatchObject({ status: 409, errorCode: undefined });
    expect(api?.seen).toHaveLength(1);
  });

  it('a keyed create whose key was used for another request (422 1026)', async () => {
    expect(await refusal({ status: 422, code: 1026 })).toMatchObject({ status: 422, errorCode: 1026 });
    expect(api?.seen).toHaveLength(1);
  });
});
