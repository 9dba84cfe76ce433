import { ApiError } from '@corral/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi, defineCollection, idempotency, silentLogger } from '../index.js';
import type { IdempotencyStore } from '../idempotency/idempotency-store.js';
import type { Store, StoreDatabase, Transaction, TransactionOptions } from '../store/store.js';
import { socketTransport } from './transport.js';

/** A fresh database whose stores and idempotency store share units of work. */
export interface OpenedUnitDatabase {
  readonly database: StoreDatabase;
  /** A store of a new collection in it. */
  store<T extends object>(): Store<T>;
  /** The idempotency store keeping its keys in it (its `database` is `database`). */
  readonly idempotency: IdempotencyStore;
  /** For a database reached over connections: real cuts, where others are simulated. */
  readonly cuts?: ConnectionCuts;
  close(): Promise<void>;
}

/** Ways to break a unit's connection to the database server, as a restart of the server would. */
export interface ConnectionCuts {
  /** Breaks it now. */
  cut(transaction: Transaction): Promise<void>;
  /**
   * Breaks it once the unit's COMMIT is sent, so that its answer never comes: after the server
   * got the COMMIT and committed (`committed`), or before the COMMIT could reach it.
   */
  cutCommit(transaction: Transaction, committed: boolean): Promise<void>;
}

type Unit = StoreDatabase['transaction'];

/**
 * Zoos and their animals in one database, behind the idempotency plugin (lease 1 s, a clock the
 * test moves), over a real socket. `faults` lets a test break the next unit of work or the next
 * answer kept inside one.
 */
async function zooApi(opened: OpenedUnitDatabase) {
  let clock = 1_700_000_000_000;
  const faults = { afterAnswer: false, unit: undefined as ((real: Unit) => Unit) | undefined };
  const keys = opened.idempotency;
  const store: IdempotencyStore = {
    database: keys.database!,
    claim: (claim) => keys.claim(claim),
    release: (claim) => keys.release(claim),
    async complete(claim, answer, options) {
      const kept = await keys.complete(claim, answer, options);
      // After the record and the answer were written, before COMMIT: the unit must roll both back.
      if (faults.afterAnswer && options?.transaction) {
        faults.afterAnswer = false;
        throw new Error('the connection broke before COMMIT');
      }
      return kept;
    },
  };
  const { database } = opened;
  const real: Unit = database.transaction.bind(database);
  const units: (TransactionOptions | undefined)[] = [];
  (database as { transaction: Unit }).transaction = (work, options) => {
    units.push(options);
    const wrap = faults.unit;
    faults.unit = undefined;
    return wrap ? wrap(real)(work, options) : real(work, options);
  };
  const zoos = defineCollection({
    name: 'zoos',
    schema: z.object({ name: z.string() }),
    store: opened.store<{ name: string }>(),
  });
  const animals = defineCollection({
    name: 'animals',
    schema: z.object({ name: z.string(), zooId: z.string() }),
    parent: { collection: zoos, field: 'zooId' },
    store: opened.store<{ name: string; zooId: string }>(),
  });
  const api = createApi({
    collections: [zoos, animals],
    logger: silentLogger,
    plugins: [idempotency({ store, leaseSeconds: 1, now: () => clock })],
  });
  await api.ready();
  await zoos.store.create({ name: 'Riverside' });
  const transport = await socketTransport(api);
  const count = async (path: string) => {
    const page = await transport.send('GET', `/v1/${path}`);
    if (page.status !== 200) throw new Error(`GET /v1/${path}: ${page.status} ${page.text}`);
    return page.json.total as number;
  };
  return {
    api,
    transport,
    faults,
    count,
    keys,
    units,
    now: () => clock,
    later: (ms: number) => (clock += ms),
    post: (path: string, key: string, body: object) =>
      transport.send('POST', `/v1/${path}`, { headers: { 'idempotency-key': key }, body }),
  };
}

/** A cut while COMMIT was on its way: the client cannot tell whether it happened (as a 503). */
const commitCut = () =>
  new ApiError('serviceUnavailable', 'The connection broke during COMMIT; the write may have happened');

/**
 * The next unit's COMMIT is cut, after it committed or before: for real where the database has
 * connections, otherwise by failing the unit after its COMMIT or just before it (rolled back).
 */
function cutCommit(cuts: ConnectionCuts | undefined, committed: boolean): (real: Unit) => Unit {
  if (cuts)
    return (real) => (work, options) =>
      real(async (transaction) => {
        const result = await work(transaction);
        await cuts.cutCommit(transaction, committed);
        return result;
      }, options);
  if (committed)
    return (real) => async (work, options) => {
      await real(work, options);
      throw commitCut();
    };
  return (real) => (work, options) =>
    real(async (transaction) => {
      await work(transaction);
      throw commitCut(); // rolls back what the plugin's work wrote, after it finished
    }, options);
}

/**
 * The Idempotency-Key's answer is written in the same transaction as the request's write when
 * both live in one database (docs/idempotency.md, "After a cut"). Each database's tests call this
 * with a function that opens a fresh one; `realCuts` when it gives `cuts`.
 */
export function idempotencyUnitCases(name: string, open: () => Promise<OpenedUnitDatabase>, realCuts = false): void {
  describe(`${name}: the Idempotency-Key's answer commits with the write`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });
    const start = async () => {
      const opened = await open();
      cleanups.push(() => opened.close());
      const zoo = await zooApi(opened);
      cleanups.push(async () => {
        await zoo.transport.close();
        await zoo.api.close();
      });
      return { ...zoo, cuts: opened.cuts };
    };

    for (const [what, path, body, listed] of [
      ['a record', 'zoos', { name: 'Hilltop' }, 'zoos'],
      ['a child below its parent', 'zoos/1/animals', { name: 'Ada', zooId: '1' }, 'animals'],
    ] as const) {
      it(`a failure before COMMIT keeps neither ${what} nor the answer; a retry creates once`, async () => {
        const { faults, post, count } = await start();
        const before = await count(listed);
        faults.afterAnswer = true;
        expect((await post(path, 'k-1', body)).status).toBe(500);
        expect(await count(listed)).toBe(before);
        const retry = await post(path, 'k-1', body);
        expect(retry.status).toBe(201);
        expect(retry.headers['idempotency-replayed']).toBeUndefined();
        const again = await post(path, 'k-1', body);
        expect(again).toMatchObject({ status: 201, text: retry.text, headers: { 'idempotency-replayed': 'true' } });
        expect(again.headers.location).toBe(retry.headers.location);
        expect(await count(listed)).toBe(before + 1);
      });
    }

    it.runIf(realCuts)(
      'a connection cut inside the unit keeps nothing, and a retry with the key creates once',
      async () => {
        const { faults, post, count, cuts } = await start();
        let first = true;
        faults.unit = (real) => (work, options) =>
          real(async (transaction) => {
            // Only the first run: a unit cut before COMMIT may be run again on a fresh connection.
            if (first) await cuts!.cut(transaction);
            first = false;
            return work(transaction);
          }, options);
        const answer = await post('zoos', 'k-6', { name: 'Hilltop' });
        // 503 where the cut fails the unit; 201 where it runs again by itself.
        expect([201, 503]).toContain(answer.status);
        const retry = await post('zoos', 'k-6', { name: 'Hilltop' });
        expect(retry.status).toBe(201);
        if (answer.status === 201)
          expect(retry).toMatchObject({ text: answer.text, headers: { 'idempotency-replayed': 'true' } });
        expect(await count('zoos')).toBe(2);
      },
    );

    it('a cut during a COMMIT that happened: the key stays held, and a retry gets the answer', async () => {
      const { faults, post, count, cuts } = await start();
      faults.unit = cutCommit(cuts, true);
      expect((await post('zoos', 'k-2', { name: 'Hilltop' })).status).toBe(503);
      const retry = await post('zoos', 'k-2', { name: 'Hilltop' });
      expect(retry).toMatchObject({ status: 201, headers: { 'idempotency-replayed': 'true', location: '/v1/zoos/2' } });
      expect(await count('zoos')).toBe(2);
    });

    it('a cut during a COMMIT that did not happen: the key stays held for its lease, then a retry runs', async () => {
      const { faults, post, count, later, cuts } = await start();
      faults.unit = cutCommit(cuts, false);
      expect((await post('zoos', 'k-3', { name: 'Hilltop' })).status).toBe(503);
      expect(await count('zoos')).toBe(1);
      const held = await post('zoos', 'k-3', { name: 'Hilltop' });
      expect(held).toMatchObject({ status: 409, headers: { 'retry-after': '1' } });
      later(1000);
      const retry = await post('zoos', 'k-3', { name: 'Hilltop' });
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotency-replayed']).toBeUndefined();
      expect((await post('zoos', 'k-3', { name: 'Hilltop' })).headers['idempotency-replayed']).toBe('true');
      expect(await count('zoos')).toBe(2);
    });

    it('runs a keyed create in one unit at the isolation of core’s own units, below a parent too', async () => {
      const { post, units } = await start();
      expect((await post('zoos', 'k-7', { name: 'Hilltop' })).status).toBe(201);
      expect((await post('zoos/1/animals', 'k-8', { name: 'Ada', zooId: '1' })).status).toBe(201);
      expect(units).toEqual([{ isolation: 'read-committed' }, { isolation: 'read-committed' }]);
    });

    it('answers 50 concurrent keyed creates, half of them below one parent, 201 each, and replays each', async () => {
      const { post, count } = await start();
      const send = (i: number) =>
        i % 2
          ? post('zoos', `c-${i}`, { name: `Zoo ${i}` })
          : post('zoos/1/animals', `c-${i}`, { name: `A${i}`, zooId: '1' });
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(i)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
      const again = await Promise.all(Array.from({ length: 50 }, (_, i) => send(i)));
      again.forEach((answer, i) => {
        expect(answer).toMatchObject({
          status: 201,
          text: answers[i]!.text,
          headers: { 'idempotency-replayed': 'true' },
        });
      });
      expect([await count('zoos'), await count('animals')]).toEqual([26, 25]);
    });

    it('a unit that lost a race runs the request again inside it: one record, one answer', async () => {
      const { faults, post, count } = await start();
      faults.unit = (real) => async (work, options) => {
        // The first run is rolled back whole, as a unit that lost a race is, then it runs again.
        await real(async (transaction) => {
          await work(transaction);
          throw new Error('lost a race');
        }, options).catch(() => undefined);
        return real(work, options);
      };
      const first = await post('zoos', 'k-4', { name: 'Hilltop' });
      expect(first.status).toBe(201);
      expect(await post('zoos', 'k-4', { name: 'Hilltop' })).toMatchObject({
        status: 201,
        text: first.text,
        headers: { 'idempotency-replayed': 'true', location: first.headers.location },
      });
      expect(await count('zoos')).toBe(2);
    });

    it('a request whose key was taken over (its lease ran out) rolls its write back and answers 409', async () => {
      const { faults, post, count, keys, now } = await start();
      faults.unit = (real) => async (work, options) => {
        // Before the unit starts, a retry that came after the lease takes the key over.
        const claim = { scope: '', key: 'k-5', token: 'retry', fingerprint: 'f', windowMs: 60_000, leaseMs: 1000 };
        expect(await keys.claim({ ...claim, now: now() + 1000 })).toEqual({ state: 'claimed' });
        return real(work, options);
      };
      expect(await post('zoos', 'k-5', { name: 'Hilltop' })).toMatchObject({
        status: 409,
        headers: { 'retry-after': '1' },
      });
      expect(await count('zoos')).toBe(1);
    });
  });
}
