import { ApiError, isCorralError, type Store, type StoreInit } from '@corral/core';
import { describe, expect, it } from 'vitest';

/** A record of the collection the suite declares (and redeclares, to change it). */
export interface Staff {
  name: string;
  yearOfBirth: number;
  state: 'internal' | 'external';
  nickname?: string;
  team?: string;
  active?: boolean;
  skills?: string[];
}

/** How a dialect's test file lets the suite open its database and speak plain SQL beside it. */
export interface SqlHarness {
  /** Opens the test's database: the same one again after a close (a restart). */
  open(): { store<T extends object>(options?: Record<string, unknown>): Store<T>; close(): Promise<void> };
  /** Runs statements on a connection of its own, as another program would. */
  exec(sql: string): Promise<void>;
  /** Rows of a query, on that connection. */
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** The columns of a table: name and whether NOT NULL. */
  columns(table: string): Promise<{ name: string; notNull: boolean }[]>;
  /** Everything the database holds about a table (columns, types, indexes, triggers, constraints), as text to compare. */
  definition(table: string): Promise<string>;
  /** Column types in this dialect's words. */
  readonly types: {
    readonly key: string;
    readonly text: string;
    readonly integer: string;
    readonly boolean: string;
    readonly json: string;
  };
}

const staff = (changes: Partial<StoreInit> = {}): StoreInit => ({
  collection: 'staffMembers',
  fields: {
    name: 'string',
    yearOfBirth: 'integer',
    state: 'enum',
    nickname: 'string',
    active: 'boolean',
    skills: 'json',
  },
  filterable: ['state'],
  sortable: ['name', 'yearOfBirth'],
  searchable: ['name'],
  required: ['name', 'yearOfBirth', 'state'],
  nullable: [],
  enums: { state: ['internal', 'external'] },
  ...changes,
});
const zoos: StoreInit = {
  collection: 'zoos',
  fields: { name: 'string' },
  filterable: [],
  sortable: [],
  searchable: [],
  required: ['name'],
  nullable: [],
  enums: {},
};
const animals = (zooStore: Store<object>, onDelete: 'restrict' | 'cascade'): StoreInit => ({
  collection: 'animals',
  fields: { zooId: 'string', name: 'string' },
  filterable: ['zooId'],
  sortable: [],
  searchable: [],
  required: ['zooId', 'name'],
  nullable: [],
  enums: {},
  parentField: 'zooId',
  parent: { field: 'zooId', collection: 'zoos', store: zooStore, onDelete },
});

const ada: Staff = { name: 'Ada', yearOfBirth: 1815, state: 'internal' };
const bob: Staff = { name: 'Bob', yearOfBirth: 1990, state: 'external', nickname: 'B', active: true, skills: ['sql'] };

/** The startup error a promise (or a call that may answer at once) rejects with. */
async function startupError(promise: unknown): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isCorralError(error)) return error;
    throw error;
  }
  throw new Error('expected start-up to stop');
}

/** The API error a promise rejects with. */
async function apiError(promise: Promise<unknown>): Promise<{ status: number; errorCode: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an API error');
}

/**
 * What every SQL store owes its users beyond the store contract: tables of real columns that SQL
 * tools and other programs can use, the database enforcing the declarations, writes from outside
 * seen and never lost, schema changes that never lose data, and tables the application owns
 * served without being altered. Each dialect's test file calls it with a harness on a fresh database.
 */
export function sqlStoreCases(name: string, harness: () => Promise<SqlHarness>): void {
  const withStore = async (
    init: StoreInit,
    test: (store: Store<Staff>, h: SqlHarness) => Promise<void>,
    options?: Record<string, unknown>,
  ) => {
    const h = await harness();
    const database = h.open();
    try {
      const store = database.store<Staff>(options);
      await store.init?.(init);
      await test(store, h);
    } finally {
      await database.close();
    }
  };

  describe(`${name} (shared SQL store cases)`, () => {
    describe('tables it makes', () => {
      it('has a column per field, named in snake_case, NOT NULL where required, beside the id and the version', () =>
        withStore(staff(), async (store, h) => {
          const columns = await h.columns('staff_members');
          expect(columns.map((column) => column.name).sort()).toEqual([
            'active',
            'id',
            'name',
            'nickname',
            'skills',
            'state',
            'version',
            'year_of_birth',
          ]);
          expect(
            columns
              .filter((column) => column.notNull)
              .map((column) => column.name)
              .sort(),
          ).toEqual(['id', 'name', 'state', 'version', 'year_of_birth']);
          const made = await store.create(bob);
          expect(await h.rows(`SELECT id, name, year_of_birth, state, nickname, version FROM staff_members`)).toEqual([
            { id: expect.anything(), name: 'Bob', year_of_birth: 1990, state: 'external', nickname: 'B', version: 1 },
          ]);
          expect(await store.get(made.id)).toEqual({ status: 'found', record: made });
          expect(made.data).toEqual(bob);
          expect(String((await h.rows('SELECT id FROM staff_members'))[0]!.id)).toBe(made.id);
        }));

      it('holds exactly the live records: SQL and the store agree on rows, counts and versions, both ways', () =>
        withStore(staff(), async (store, h) => {
          const a = await store.create(ada);
          const b = await store.create(bob);
          await store.delete(b.id);
          expect(await h.rows('SELECT count(*) AS n FROM staff_members')).toEqual([{ n: 1 }]);
          await h.exec(`INSERT INTO staff_members (name, year_of_birth, state) VALUES ('Cy', 2001, 'internal')`);
          const cy = String((await h.rows(`SELECT id FROM staff_members WHERE name = 'Cy'`))[0]!.id);
          expect(await store.count({})).toBe(2);
          expect(await store.get(cy)).toEqual({
            status: 'found',
            record: { id: cy, version: 1, data: { name: 'Cy', yearOfBirth: 2001, state: 'internal' } },
          });
          const page = await store.list({ offset: 0, limit: 1, sort: { field: 'name', order: 'asc' } });
          expect({ total: page.total, ids: page.items.map((r) => r.id) }).toEqual({ total: 2, ids: [a.id] });
          // Another program's update: a new version, so an ETag taken before it no longer matches.
          await h.exec(`UPDATE staff_members SET name = 'Ada L.' WHERE id = ${a.id}`);
          const changed = await store.get(a.id);
          expect(changed).toMatchObject({ status: 'found', record: { data: { name: 'Ada L.' } } });
          expect(changed.status === 'found' && changed.record.version).not.toBe(a.version);
          expect(await store.replace(a.id, ada, a.version)).toMatchObject({
            status: 'conflict',
            current: { data: { name: 'Ada L.' } },
          });
          // Another program's delete: the id is gone (410), and counts follow.
          await h.exec(`DELETE FROM staff_members WHERE id = ${cy}`);
          expect(await store.get(cy)).toEqual({ status: 'gone' });
          expect(await store.count({})).toBe(1);
          expect((await store.list({ offset: 0, limit: 0 })).total).toBe(1);
        }));

      it('never serves a page as it was before a write, whoever wrote it; and a caller changing a record it read changes no later read', () =>
        withStore(staff(), async (store, h) => {
          const a = await store.create(ada);
          const query = { offset: 0, limit: 10, sort: { field: 'name', order: 'asc' } } as const;
          const names = async () => (await store.list(query)).items.map((r) => r.data.name);
          expect(await names()).toEqual(['Ada']);
          const again = await store.list(query);
          expect(again.items).toEqual((await store.list(query)).items);
          try {
            (again.items[0]!.data as { name: string }).name = 'Changed'; // a frozen record refuses this
          } catch {
            // what a store hands out more than once is frozen
          }
          expect(await names()).toEqual(['Ada']);
          await h.exec(`INSERT INTO staff_members (name, year_of_birth, state) VALUES ('Cy', 2001, 'internal')`);
          expect(await names()).toEqual(['Ada', 'Cy']);
          await h.exec(`UPDATE staff_members SET name = 'Abe' WHERE name = 'Cy'`);
          expect(await names()).toEqual(['Abe', 'Ada']);
          await store.replace(a.id, { ...ada, name: 'Zed' }, a.version);
          expect(await names()).toEqual(['Abe', 'Zed']);
          await h.exec(`DELETE FROM staff_members WHERE name = 'Abe'`);
          expect(await names()).toEqual(['Zed']);
        }));

      it('reads only the selected fields of a page, with the version of the whole record, and ranges from the index', () =>
        withStore(staff({ ranged: ['yearOfBirth'] }), async (store) => {
          const a = await store.create(ada);
          const b = await store.create(bob);
          const page = await store.list({
            offset: 0,
            limit: 10,
            fields: ['name', 'nickname'],
            conditions: [{ field: 'yearOfBirth', operator: 'gte', value: 1800 }],
          });
          // Only those columns are read (a missing optional field stays absent, not null).
          expect(page.items.map((record) => record.data)).toEqual([{ name: 'Ada' }, { name: 'Bob', nickname: 'B' }]);
          expect(page.items.map((record) => [record.id, record.version])).toEqual([
            [a.id, a.version],
            [b.id, b.version],
          ]);
        }));

      it('lets the database enforce what the declarations promise', () =>
        withStore(staff(), async (_store, h) => {
          await expect(
            h.exec(`INSERT INTO staff_members (name, year_of_birth, state) VALUES ('Di', 1970, 'retired')`),
          ).rejects.toThrow();
          await expect(
            h.exec(`INSERT INTO staff_members (year_of_birth, state) VALUES (1970, 'internal')`),
          ).rejects.toThrow();
          expect(await h.rows('SELECT count(*) AS n FROM staff_members')).toEqual([{ n: 0 }]);
        }));

      it('never shows a unit of work before it ends: reads outside it see what was committed', () =>
        withStore(staff(), async (store) => {
          const database = store.database!;
          const a = await store.create(ada);
          const revision = await store.revision();
          let release!: () => void;
          const paused = new Promise<void>((resolve) => (release = resolve));
          let inside!: () => void;
          const started = new Promise<void>((resolve) => (inside = resolve));
          const unit = database.transaction(async (transaction) => {
            await store.create(bob, { transaction });
            await store.replace(a.id, { ...ada, name: 'Ada (uncommitted)' }, undefined, { transaction });
            inside();
            await paused;
            throw new Error('the unit fails');
          });
          await started;
          const during = await store.list({ offset: 0, limit: 10 });
          expect({
            names: during.items.map((r) => r.data.name),
            total: during.total,
            revision: during.revision,
          }).toEqual({ names: ['Ada'], total: 1, revision });
          expect(await store.get(a.id)).toMatchObject({ record: { version: a.version, data: ada } });
          release();
          await expect(unit).rejects.toThrow('the unit fails');
          expect(await store.revision()).toBe(revision);
        }));

      it('does not take a table it did not make for one of its own, nor for one of the earlier layout', async () => {
        const h = await harness();
        await h.exec(`CREATE TABLE staff_members (id ${h.types.key}, name ${h.types.text})`);
        const database = h.open();
        try {
          const error = await startupError(database.store<Staff>().init?.(staff()));
          expect(error).toMatchObject({
            code: 'CORRAL_TABLE_MISMATCH',
            message: expect.stringMatching(/exists but the store did not make it.*table: 'staff_members'/),
          });
        } finally {
          await database.close();
        }
        // A collection whose own fields are named like the earlier layout's columns (seq, deleted, data).
        const events: StoreInit = {
          collection: 'events',
          fields: { seq: 'integer', deleted: 'boolean', data: 'json' },
          filterable: [],
          sortable: [],
          searchable: [],
          required: ['seq'],
          nullable: [],
          enums: {},
        };
        const first = h.open();
        const made: string[] = [];
        try {
          const store = first.store<{ seq: number; deleted?: boolean; data?: unknown }>();
          await store.init?.(events);
          made.push(
            (await store.create({ seq: 7, deleted: true, data: { a: 1 } })).id,
            (await store.create({ seq: 8 })).id,
          );
        } finally {
          await first.close();
        }
        const second = h.open();
        try {
          const store = second.store<{ seq: number; deleted?: boolean; data?: unknown }>();
          await store.init?.(events);
          expect((await store.getMany(made)).map((lookup) => lookup.status === 'found' && lookup.record.data)).toEqual([
            { seq: 7, deleted: true, data: { a: 1 } },
            { seq: 8 },
          ]);
        } finally {
          await second.close();
        }
      });

      for (const onDelete of ['restrict', 'cascade'] as const) {
        it(`makes a parent a foreign key (${onDelete})`, async () => {
          const h = await harness();
          const database = h.open();
          try {
            const zooStore = database.store<{ name: string }>();
            await zooStore.init?.(zoos);
            const animalStore = database.store<{ zooId: string; name: string }>();
            await animalStore.init?.(animals(zooStore as Store<object>, onDelete));
            const zoo = await zooStore.create({ name: 'Berlin' });
            const kea = await animalStore.create({ zooId: zoo.id, name: 'Kea' });
            expect(await animalStore.get(kea.id)).toMatchObject({ record: { data: { zooId: zoo.id } } });
            await expect(h.exec(`INSERT INTO animals (zoo_id, name) VALUES (999999, 'Moa')`)).rejects.toThrow();
            expect(await apiError(animalStore.create({ zooId: 'no-such-zoo', name: 'Moa' }))).toMatchObject({
              status: 422,
            });
            if (onDelete === 'restrict') {
              expect(await apiError(zooStore.delete(zoo.id))).toMatchObject({ status: 409 });
              expect(await zooStore.get(zoo.id)).toMatchObject({ status: 'found' });
            } else {
              expect(await zooStore.delete(zoo.id)).toEqual({ status: 'ok' });
              expect(await animalStore.get(kea.id)).toEqual({ status: 'gone' });
              expect(await animalStore.count({})).toBe(0);
            }
          } finally {
            await database.close();
          }
        });
      }
    });

    describe('changes of the declarations', () => {
      /** Starts with `init` on the harness's database, does `work`, stops. */
      const start = async (
        h: SqlHarness,
        init: StoreInit,
        work: (store: Store<Staff>) => Promise<void> = async () => undefined,
      ) => {
        const database = h.open();
        try {
          const store = database.store<Staff>();
          await store.init?.(init);
          await work(store);
        } finally {
          await database.close();
        }
      };
      const refusal = async (h: SqlHarness, init: StoreInit) => {
        const database = h.open();
        try {
          return await startupError(database.store<Staff>().init?.(init));
        } finally {
          await database.close();
        }
      };
      const withTeam = (required: boolean) =>
        staff({
          fields: { ...staff().fields, team: 'string' },
          required: [...staff().required, ...(required ? ['team'] : [])],
        });

      it('adds a column for a new optional field, and keeps every record', async () => {
        const h = await harness();
        await start(h, staff(), async (store) => void (await store.create(ada)));
        await start(h, withTeam(false), async (store) => {
          expect((await store.list({ offset: 0, limit: 10 })).items.map((r) => r.data)).toEqual([ada]);
          const made = await store.create({ ...bob, team: 'Birds' });
          expect(await store.get(made.id)).toMatchObject({ record: { data: { team: 'Birds' } } });
        });
        expect((await h.columns('staff_members')).map((column) => column.name)).toContain('team');
      });

      it('refuses a new required field that stored rows lack, naming it with the SQL that resolves it; the SQL then lets it start', async () => {
        const h = await harness();
        await start(h, staff(), async (store) => void (await store.create(ada)));
        const before = await h.definition('staff_members');
        const error = await refusal(h, withTeam(true));
        expect(error.code).toBe('CORRAL_SCHEMA_CHANGE_REFUSED');
        expect(error.message).toMatch(/"team".*staff_members\.team/);
        expect(error.message).toMatch(/ADD COLUMN "team"/);
        expect(await h.definition('staff_members')).toBe(before);
        await h.exec(`ALTER TABLE staff_members ADD COLUMN team ${h.types.text}`);
        await h.exec(`UPDATE staff_members SET team = 'Mammals' WHERE team IS NULL`);
        await start(h, withTeam(true), async (store) => {
          expect((await store.list({ offset: 0, limit: 10 })).items.map((r) => r.data)).toEqual([
            { ...ada, team: 'Mammals' },
          ]);
        });
        expect((await h.columns('staff_members')).find((column) => column.name === 'team')?.notNull).toBe(true);
      });

      it('refuses a type change and a removed field while rows hold values, and changes nothing', async () => {
        const h = await harness();
        await start(h, staff(), async (store) => void (await store.create(bob)));
        const before = await h.definition('staff_members');
        const retyped = await refusal(h, staff({ fields: { ...staff().fields, yearOfBirth: 'string' } }));
        expect(retyped.code).toBe('CORRAL_SCHEMA_CHANGE_REFUSED');
        expect(retyped.message).toMatch(/"yearOfBirth".*year_of_birth/);
        const { nickname: _, ...fields } = staff().fields;
        const removed = await refusal(h, staff({ fields }));
        expect(removed.message).toMatch(/staff_members\.nickname.*DROP COLUMN "nickname"/s);
        expect(await h.definition('staff_members')).toBe(before);
      });

      it('refuses an integer field becoming a boolean while rows hold other numbers (one type covers both in SQLite)', async () => {
        const h = await harness();
        await start(h, staff(), async (store) => void (await store.create(bob)));
        const error = await refusal(h, staff({ fields: { ...staff().fields, yearOfBirth: 'boolean' } }));
        expect(error.code).toBe('CORRAL_SCHEMA_CHANGE_REFUSED');
        expect(error.message).toMatch(/"yearOfBirth"/);
        await start(h, staff(), async (store) =>
          expect((await store.list({ offset: 0, limit: 1 })).items[0]?.data).toEqual(bob),
        );
      });

      it('makes a new parent a foreign key only when every row names a record that exists', async () => {
        const h = await harness();
        const database = h.open();
        try {
          const zooStore = database.store<{ name: string }>();
          await zooStore.init?.(zoos);
          const plain = database.store<{ zooId: string; name: string }>();
          const { parent: _parent, ...unrelated } = animals(zooStore as Store<object>, 'restrict');
          await plain.init?.({ ...unrelated, fields: { zooId: 'integer', name: 'string' } });
          const zoo = await zooStore.create({ name: 'Berlin' });
          await plain.create({ zooId: Number(zoo.id) as unknown as string, name: 'Kea' });
          await plain.create({ zooId: 999999 as unknown as string, name: 'Moa' });
        } finally {
          await database.close();
        }
        const again = h.open();
        try {
          const zooStore = again.store<{ name: string }>();
          await zooStore.init?.(zoos);
          const error = await startupError(
            again.store<{ zooId: string; name: string }>().init?.(animals(zooStore as Store<object>, 'restrict')),
          );
          expect(error.code).toBe('CORRAL_SCHEMA_CHANGE_REFUSED');
          expect(error.message).toMatch(/1 row\(s\) name a record zoos does not have.*DELETE FROM/);
        } finally {
          await again.close();
        }
      });

      it('refuses seed records that name no parent before inserting any, and needs no start-up read to check parent keys', async () => {
        const h = await harness();
        const database = h.open();
        try {
          const zooStore = database.store<{ name: string }>({ seed: [{ name: 'Berlin' }] });
          await zooStore.init?.(zoos);
          const [berlin] = (await zooStore.list({ offset: 0, limit: 1 })).items;
          const seeded = database.store<{ zooId: string; name: string }>({
            seed: [
              { zooId: berlin!.id, name: 'Kea' },
              { zooId: '999999', name: 'Moa' },
            ],
          });
          expect(seeded.checksParentKeys).toBe(true);
          const error = await startupError(seeded.init?.(animals(zooStore as Store<object>, 'restrict')));
          expect(error.code).toBe('CORRAL_DANGLING_PARENT_KEY');
          expect(error.message).toContain('seed record 2 of animals names zooId "999999", which is no record of zoos');
          const rows = await h.rows('SELECT count(*) AS n FROM animals').catch(() => [{ n: 0 }]);
          expect(Number(rows[0]?.n ?? 0)).toBe(0);
        } finally {
          await database.close();
        }
      });

      it('starts again after seeded records and their parent were deleted: a seed is checked only when it goes in', async () => {
        const h = await harness();
        const open = async () => {
          const database = h.open();
          const zooStore = database.store<{ name: string }>({ seed: [{ name: 'Berlin' }] });
          await zooStore.init?.(zoos);
          const animalStore = database.store<{ zooId: string; name: string }>({ seed: [{ zooId: '1', name: 'Kea' }] });
          await animalStore.init?.(animals(zooStore as Store<object>, 'restrict'));
          return { database, zooStore, animalStore };
        };
        const first = await open();
        try {
          const [kea] = (await first.animalStore.list({ offset: 0, limit: 1 })).items;
          expect(kea?.data).toEqual({ zooId: '1', name: 'Kea' });
          expect((await first.animalStore.delete(kea!.id)).status).toBe('ok');
          expect((await first.zooStore.delete('1')).status).toBe('ok');
        } finally {
          await first.database.close();
        }
        const again = await open();
        try {
          expect(await again.animalStore.count({})).toBe(0);
        } finally {
          await again.database.close();
        }
      });

      it('widens an enum at once, and narrows one only when no row holds the value it drops', async () => {
        const h = await harness();
        const states = (values: string[]) => staff({ enums: { state: values } });
        await start(h, staff(), async (store) => void (await store.create(bob)));
        await start(h, states(['internal', 'external', 'contractor']));
        await h.exec(`INSERT INTO staff_members (name, year_of_birth, state) VALUES ('Cy', 2001, 'contractor')`);
        expect((await refusal(h, states(['internal', 'external']))).message).toMatch(
          /1 row\(s\) hold a value it no longer accepts \(contractor\)/,
        );
        await h.exec(`DELETE FROM staff_members WHERE state = 'contractor'`);
        await start(h, states(['internal', 'external']));
        await expect(
          h.exec(`INSERT INTO staff_members (name, year_of_birth, state) VALUES ('Di', 2001, 'contractor')`),
        ).rejects.toThrow();
      });

      it('follows any change of a table that holds no rows, and ids keep counting', async () => {
        const h = await harness();
        let last = '';
        await start(h, staff(), async (store) => {
          last = (await store.create(ada)).id;
          await store.delete(last);
        });
        const { nickname: _, ...fields } = staff().fields;
        await start(
          h,
          staff({
            fields: { ...fields, yearOfBirth: 'string', team: 'string' },
            required: ['name', 'yearOfBirth', 'state', 'team'],
          }),
          async (store) => {
            const made = await store.create({
              ...ada,
              yearOfBirth: 'eighteen-fifteen' as unknown as number,
              team: 'Maths',
            });
            expect(BigInt(made.id)).toBeGreaterThan(BigInt(last));
            expect(await store.get(last)).toEqual({ status: 'gone' });
          },
        );
        expect((await h.columns('staff_members')).map((column) => column.name).sort()).toEqual([
          'active',
          'id',
          'name',
          'skills',
          'state',
          'team',
          'version',
          'year_of_birth',
        ]);
      });
    });

    describe('tables the application owns', () => {
      const owned = async (h: SqlHarness, extra = '') =>
        h.exec(`CREATE TABLE people (person_id ${h.types.key}, full_name ${h.types.text} NOT NULL,
        birth_year ${h.types.integer} NOT NULL, state ${h.types.text} NOT NULL, nickname ${h.types.text}, active ${h.types.integer}, skills ${h.types.json}, notes ${h.types.text}${extra})`);
      const options = { table: 'people', id: 'person_id', columns: { name: 'full_name', yearOfBirth: 'birth_year' } };

      it('serves rows other programs write, and never alters the table', async () => {
        const h = await harness();
        await owned(h);
        const before = await h.definition('people');
        await h.exec(
          `INSERT INTO people (full_name, birth_year, state, notes) VALUES ('Grace', 1906, 'internal', 'kept as it is')`,
        );
        const database = h.open();
        try {
          const store = database.store<Staff>(options);
          await store.init?.(staff({ filterable: ['state', 'active', 'yearOfBirth'] }));
          const page = await store.list({ offset: 0, limit: 10 });
          expect(page.items.map((r) => r.data)).toEqual([{ name: 'Grace', yearOfBirth: 1906, state: 'internal' }]);
          const grace = page.items[0]!;
          const made = await store.create(ada);
          await store.replace(made.id, { ...ada, nickname: 'A' });
          // Another program changes a row: the version moves, and a write based on the old one is refused.
          await h.exec(`UPDATE people SET birth_year = 1907 WHERE person_id = ${grace.id}`);
          expect(await store.replace(grace.id, { ...grace.data, nickname: 'G' }, grace.version)).toMatchObject({
            status: 'conflict',
            current: { data: { yearOfBirth: 1907 } },
          });
          expect(await store.delete(made.id)).toEqual({ status: 'ok' });
          expect(await store.get(made.id)).toEqual({ status: 'gone' });
          expect(await h.rows(`SELECT notes FROM people WHERE person_id = ${grace.id}`)).toEqual([
            { notes: 'kept as it is' },
          ]);
          // A boolean the application keeps as 1 and 0 in an integer column.
          const active = await store.create({ ...bob, name: 'Active' });
          expect(await h.rows(`SELECT active FROM people WHERE person_id = ${active.id}`)).toEqual([{ active: 1 }]);
          expect(await store.get(active.id)).toMatchObject({ record: { data: { active: true } } });
          expect((await store.list({ filter: { active: true }, offset: 0, limit: 10 })).items.map((r) => r.id)).toEqual(
            [active.id],
          );
          // Input no row can match is not an error of the database: a key or a number past what the columns hold.
          expect(await store.get('9223372036854775807')).toEqual({ status: 'missing' });
          expect((await store.list({ filter: { yearOfBirth: 1e20 }, offset: 0, limit: 10 })).total).toBe(0);
        } finally {
          await database.close();
        }
        expect(await h.definition('people')).toBe(before);
      });

      it('pages by place over rows whose column of a required field holds NULL, in both orders', async () => {
        const h = await harness();
        await h.exec(
          `CREATE TABLE crew (person_id ${h.types.key}, full_name ${h.types.text}, birth_year ${h.types.integer} NOT NULL, state ${h.types.text} NOT NULL)`,
        );
        await h.exec(
          `INSERT INTO crew (full_name, birth_year, state) VALUES ('Bo', 1990, 'internal'), (NULL, 1991, 'internal'), ('Al', 1992, 'external'), (NULL, 1993, 'internal'), ('Bo', 1994, 'internal')`,
        );
        const database = h.open();
        try {
          const store = database.store<Staff>({
            table: 'crew',
            id: 'person_id',
            columns: { name: 'full_name', yearOfBirth: 'birth_year' },
          });
          await store.init?.(staff({ fields: { name: 'string', yearOfBirth: 'integer', state: 'enum' } }));
          for (const order of ['asc', 'desc'] as const) {
            const sort = { field: 'name', order };
            const expected = (await store.list({ sort, offset: 0, limit: 10 })).items.map((r) => r.id);
            expect(expected).toHaveLength(5);
            const walked: string[] = [];
            let page = await store.list({ sort, offset: 0, limit: 2 });
            while (page.items.length > 0) {
              walked.push(...page.items.map((r) => r.id));
              const last = page.items.at(-1)!;
              page = await store.list({
                sort,
                offset: 0,
                limit: 2,
                seek: { from: 'after', position: { key: last.data.name ?? null, id: last.id } },
              });
            }
            expect(walked, order).toEqual(expected);
            const first = (await store.list({ sort, offset: 0, limit: 10 })).items[4]!;
            const before = await store.list({
              sort,
              offset: 0,
              limit: 10,
              seek: { from: 'before', position: { key: first.data.name ?? null, id: first.id } },
            });
            expect(
              before.items.map((r) => r.id),
              order,
            ).toEqual(expected.slice(0, 4));
          }
        } finally {
          await database.close();
        }
      });

      it('refuses to start on a table that cannot hold the fields, naming each field and column', async () => {
        const h = await harness();
        const refused = async (opts: Record<string, unknown>) => {
          const database = h.open();
          try {
            return await startupError(database.store<Staff>(opts).init?.(staff()));
          } finally {
            await database.close();
          }
        };
        expect(await refused({ ...options, table: 'nobody' })).toMatchObject({
          code: 'CORRAL_TABLE_MISMATCH',
          message: expect.stringMatching(/nobody does not exist/),
        });
        await owned(h, `, badge ${h.types.text} NOT NULL`);
        const error = await refused({ ...options, columns: { name: 'full_name' } });
        expect(error.code).toBe('CORRAL_TABLE_MISMATCH');
        expect(error.message).toMatch(/field "yearOfBirth" has no column people\.year_of_birth/);
        expect(error.message).toMatch(/column people\.badge is NOT NULL without a default, and no field fills it/);
        const typed = await refused({ ...options, columns: { name: 'full_name', yearOfBirth: 'notes' } });
        expect(typed.message).toMatch(
          /field "yearOfBirth" holds integer values, which column people\.notes \(text\) cannot keep/,
        );
      });

      it('answers a value the table keeps unique with 409 naming its field, and writes nothing', async () => {
        const h = await harness();
        await owned(h);
        await h.exec('CREATE UNIQUE INDEX people_full_name ON people (full_name)');
        const database = h.open();
        try {
          const store = database.store<Staff>(options);
          await store.init?.(staff());
          await store.create(ada);
          expect(await apiError(store.create(ada))).toMatchObject({
            status: 409,
            errorCode: 1029,
            fieldErrors: [{ field: 'name', message: expect.any(String) }],
          });
          expect(await store.count({})).toBe(1);
        } finally {
          await database.close();
        }
      });
    });
  });
}
