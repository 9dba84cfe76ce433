import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi, defineCollection, silentLogger } from '../index.js';
import type { Store } from '../store/store.js';
import { bulkUnderLoadCases } from './bulk-load-cases.js';
import { deleteRaceCases } from './delete-race-cases.js';
import { socketTransport, type TestResponse, type Transport } from './transport.js';

/** A parent record of the contention suite. */
export interface Pen {
  name: string;
}

/** A child record of the contention suite: its pen may not be deleted while it refers to it. */
export interface Bird {
  name: string;
  penId: string;
}

/** A child of a pen that goes with it; its eggs keep it (and so the pen) from being deleted, its feathers go too. */
export interface Nest {
  name: string;
  penId: string;
}

/** A child of a nest (`restrict`), two levels below a pen. */
export interface Egg {
  name: string;
  nestId: string;
}

/** A child of a nest (`cascade`), two levels below a pen. */
export interface Feather {
  name: string;
  nestId: string;
}

/** What {@link writeContentionCases} serves: stores of one database, and how to close it. */
export interface OpenedContention {
  readonly pens: Store<Pen>;
  readonly birds: Store<Bird>;
  readonly nests: Store<Nest>;
  readonly eggs: Store<Egg>;
  readonly feathers: Store<Feather>;
  /**
   * Renames a bird as another program would: plain SQL on a connection of its own. Absent where
   * no other program can write (memory) or none tells the API (a table the application owns).
   */
  renameFromOutside?(birdId: string, name: string): Promise<void>;
  close(): Promise<void>;
}

/** The suite's stores, each made by `make` for the collection it is named after. */
export type ContentionStores = Pick<OpenedContention, 'pens' | 'birds' | 'nests' | 'eggs' | 'feathers'>;

/** A database that makes the table of each store itself, named after its collection. */
export interface MakesTables {
  store<T extends object>(): Store<T>;
}

/** The suite's stores on tables `database` makes. */
export function madeTables(database: MakesTables): ContentionStores {
  return {
    pens: database.store(),
    birds: database.store(),
    nests: database.store(),
    eggs: database.store(),
    feathers: database.store(),
  };
}

/** How many clients write at once. */
const clients = 50;

/** How often each answer status came. */
function tally(responses: readonly TestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Runs `count` requests at once (one connection each). */
function together(count: number, send: (n: number) => Promise<TestResponse>): Promise<TestResponse[]> {
  return Promise.all(Array.from({ length: count }, (_, n) => send(n)));
}

/**
 * Writers racing over HTTP on a real socket: no write fails because of another writer, a check
 * (a parent that must exist, a record that must have no children, If-Match) holds against every
 * other writer, and a list's ETag changes with every committed write. Every store passes it.
 */
export function writeContentionCases(label: string, open: () => Promise<OpenedContention>): void {
  describe(`${label} (concurrent writers)`, () => {
    let opened: OpenedContention;
    let http: Transport;
    beforeAll(async () => {
      opened = await open();
      const pens = defineCollection({ name: 'pens', schema: z.object({ name: z.string() }), store: opened.pens });
      const birds = defineCollection({
        name: 'birds',
        schema: z.object({ name: z.string(), penId: z.string() }),
        parent: { collection: pens, field: 'penId', onParentDelete: 'restrict' },
        store: opened.birds,
      });
      const nests = defineCollection({
        name: 'nests',
        schema: z.object({ name: z.string(), penId: z.string() }),
        parent: { collection: pens, field: 'penId', onParentDelete: 'cascade' },
        store: opened.nests,
      });
      const belowNest = (name: string, onParentDelete: 'restrict' | 'cascade', store: Store<Egg | Feather>) =>
        defineCollection({
          name,
          schema: z.object({ name: z.string(), nestId: z.string() }),
          parent: { collection: nests, field: 'nestId', onParentDelete },
          store,
        });
      const below = [belowNest('eggs', 'restrict', opened.eggs), belowNest('feathers', 'cascade', opened.feathers)];
      const api = createApi({ collections: [pens, birds, nests, ...below], logger: silentLogger });
      await api.ready();
      http = await socketTransport(api);
    });
    afterAll(async () => {
      await http?.close();
      await opened?.close();
    });

    const newPen = async (name: string) => (await http.send('POST', '/v1/pens', { body: { name } })).json.id as string;
    const birdsIn = async (pen: string, count: number) => {
      const made = await together(count, (n) =>
        http.send('POST', `/v1/pens/${pen}/birds`, { body: { name: `Bird ${n}` } }),
      );
      return made.map((response) => response.json.id as string);
    };

    it(`takes ${clients} creates under one parent at once, every one 201`, async () => {
      const pen = await newPen('Aviary');
      const answers = await together(clients, (n) =>
        http.send('POST', `/v1/pens/${pen}/birds`, { body: { name: `Kea ${n}` } }),
      );
      expect(tally(answers)).toEqual({ 201: clients });
      expect(await opened.birds.count({ penId: pen })).toBe(clients);
    });

    it(`takes ${clients} PATCHes and ${clients} DELETEs of distinct records at once, every one 2xx`, async () => {
      const pen = await newPen('Loft');
      const ids = await birdsIn(pen, clients * 2);
      const answers = await together(clients * 2, (n) =>
        n % 2 === 0
          ? http.send('PATCH', `/v1/pens/${pen}/birds/${ids[n]}`, {
              headers: { 'content-type': 'application/merge-patch+json' },
              body: JSON.stringify({ name: `Ruru ${n}` }),
            })
          : http.send('DELETE', `/v1/pens/${pen}/birds/${ids[n]}`),
      );
      expect(tally(answers)).toEqual({ 200: clients, 204: clients });
      expect(await opened.birds.count({ penId: pen })).toBe(clients);
    });

    it(`lets exactly one of ${clients} PATCHes with the same If-Match through; the others get 412`, async () => {
      const pen = await newPen('Coop');
      const [id] = await birdsIn(pen, 1);
      const tag = (await http.send('GET', `/v1/birds/${id}`)).headers.etag!;
      const answers = await together(clients, (n) =>
        http.send('PATCH', `/v1/birds/${id}`, {
          headers: { 'content-type': 'application/merge-patch+json', 'if-match': tag },
          body: JSON.stringify({ name: `Tui ${n}` }),
        }),
      );
      expect(tally(answers)).toEqual({ 200: 1, 412: clients - 1 });
    });

    it('never leaves a child without its parent when the parent is deleted while children are added', async () => {
      for (let round = 0; round < 8; round++) {
        const pen = await newPen(`Pen ${round}`);
        const [deleted, ...added] = await Promise.all([
          http.send('DELETE', `/v1/pens/${pen}`),
          ...Array.from({ length: 6 }, (_, n) =>
            http.send('POST', `/v1/pens/${pen}/birds`, { body: { name: `Weka ${n}` } }),
          ),
        ]);
        const stored = await opened.birds.count({ penId: pen });
        const created = added.filter((answer) => answer.status === 201).length;
        // A create either went in before the delete's check (which then refused: 409) or found the pen gone.
        expect(added.every((answer) => [201, 404, 410].includes(answer.status))).toBe(true);
        expect([deleted.status, stored]).toEqual(deleted.status === 204 ? [204, 0] : [409, created]);
      }
    });

    it('changes a list page’s ETag with every committed write: a conditional GET with the old tag is never 304', async () => {
      const pen = await newPen('Hide');
      const [first] = await birdsIn(pen, 1);
      // The pen's birds fit one page: a store tagging pages by their content sees every write too.
      const page = `/v1/pens/${pen}/birds?limit=50`;
      const tagOf = async () => (await http.send('GET', page)).headers.etag!;
      const unchanged = async (tag: string) =>
        (await http.send('GET', page, { headers: { 'if-none-match': tag } })).status === 304;
      const before = await tagOf();
      expect(await unchanged(before)).toBe(true);
      await birdsIn(pen, 20);
      expect(await unchanged(before)).toBe(false);
      const writes: (() => Promise<TestResponse>)[] = [
        () =>
          http.send('PATCH', `/v1/birds/${first}`, {
            headers: { 'content-type': 'application/merge-patch+json' },
            body: JSON.stringify({ name: 'Moa' }),
          }),
        () => http.send('POST', '/v1/birds', { body: { name: 'Kiwi', penId: pen } }),
        () => http.send('DELETE', `/v1/birds/${first}`),
      ];
      for (const write of writes) {
        const tag = await tagOf();
        expect((await write()).status).toBeLessThan(300);
        expect(await unchanged(tag)).toBe(false);
      }
    });

    it('changes a list page’s ETag when another program writes the table', async (test) => {
      if (!opened.renameFromOutside) return test.skip();
      const pen = await newPen('Blind');
      const [bird] = await birdsIn(pen, 3);
      const page = `/v1/pens/${pen}/birds?limit=50`;
      const tag = (await http.send('GET', page)).headers.etag!;
      await opened.renameFromOutside(bird!, 'Kotuku');
      expect((await http.send('GET', page, { headers: { 'if-none-match': tag } })).status).toBe(200);
    });

    const fixture = () => ({ http, opened });
    deleteRaceCases(fixture);
    bulkUnderLoadCases(fixture);
  });
}
