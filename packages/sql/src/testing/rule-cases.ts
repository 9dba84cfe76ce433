import { ApiError, isCorralError, type Store, type StoreInit } from '@corral/core';
import { describe, expect, it } from 'vitest';
import type { SqlHarness, Staff } from './sql-store-cases.js';

/** Staff with a score, under the schema's limits (as core reads them from zod) and unique keys. */
const staff = (changes: Partial<StoreInit> = {}): StoreInit => ({
  collection: 'staffMembers',
  fields: { name: 'string', yearOfBirth: 'integer', state: 'enum', score: 'number' },
  filterable: [],
  sortable: [],
  searchable: [],
  required: ['name', 'yearOfBirth', 'state'],
  nullable: [],
  enums: { state: ['internal', 'external'] },
  ...changes,
});
const limits: StoreInit['limits'] = {
  name: { minLength: 2, maxLength: 5 },
  yearOfBirth: { minimum: 1800, maximum: 2100, multipleOf: 5 },
  score: { exclusiveMinimum: 0, maximum: 10 },
};
type Scored = Staff & { score?: number };

const insert = (values: string) => `INSERT INTO staff_members (name, year_of_birth, state, score) VALUES ${values}`;

async function failure(promise: unknown): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

/**
 * What a table the store makes enforces beyond types, NOT NULL, enums and foreign keys: the
 * schema's limits as named CHECK constraints (added, changed and dropped with the declarations,
 * refused while stored rows break them) and declared unique keys as unique indexes.
 */
export function managedRuleCases(name: string, harness: () => Promise<SqlHarness>): void {
  const start = async (
    h: SqlHarness,
    init: StoreInit,
    work: (store: Store<Scored>) => Promise<void> = async () => {},
  ) => {
    const database = h.open();
    try {
      const store = database.store<Scored>();
      await store.init?.(init);
      await work(store);
    } finally {
      await database.close();
    }
  };
  const count = async (h: SqlHarness) => Number((await h.rows('SELECT count(*) AS n FROM staff_members'))[0]!.n);

  describe(`${name} (limits and unique keys of the tables a store makes)`, () => {
    it('refuses SQL that writes a value outside the limits, and takes every value at the limits', async () => {
      const h = await harness();
      await start(h, staff({ limits }));
      for (const values of [
        `('A', 1900, 'internal', 1)`, // too short
        `('Abcdef', 1900, 'internal', 1)`, // too long
        `('Ab', 1795, 'internal', 1)`, // below the minimum
        `('Ab', 2105, 'internal', 1)`, // above the maximum
        `('Ab', 1901, 'internal', 1)`, // not a multiple of 5
        `('Ab', 1900, 'internal', 0)`, // not above the exclusive minimum
        `('Ab', 1900, 'internal', 10.5)`,
      ])
        await expect(h.exec(insert(values)), values).rejects.toThrow();
      expect(await count(h)).toBe(0);
      await h.exec(
        insert(`('Ab', 1800, 'internal', 0.001), ('Abcde', 2100, 'external', 10), ('Ébcdé', 1900, 'internal', NULL)`),
      );
      expect(await count(h)).toBe(3);
    });

    it('counts a minimum length as the API does: a character past U+FFFF is two', async () => {
      const h = await harness();
      await start(h, staff({ limits }), async (store) => {
        const made = await store.create({ name: '😀', yearOfBirth: 1900, state: 'internal' });
        expect(made.data.name).toBe('😀');
      });
    });

    it('answers a write the limits refuse with 422 naming the field, not the constraint', async () => {
      const h = await harness();
      await start(h, staff({ limits }), async (store) => {
        const error = await failure(store.create({ name: 'Ab', yearOfBirth: 1900, state: 'internal', score: -1 }));
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ status: 422, fieldErrors: [{ field: 'score' }] });
      });
    });

    it('adds limits to a table made without them once no row breaks them, naming the rows and the fix until then', async () => {
      const h = await harness();
      await start(h, staff());
      await h.exec(insert(`('Ab', 1700, 'internal', NULL)`));
      const before = await h.definition('staff_members');
      const error = await failure(start(h, staff({ limits })));
      expect(isCorralError(error) && error.code).toBe('CORRAL_SCHEMA_CHANGE_REFUSED');
      expect((error as Error).message).toMatch(/limits of field "yearOfBirth".*1 row\(s\) hold a value outside them/);
      expect((error as Error).message).toMatch(
        /UPDATE (?:"\w+"\.)?"staff_members" SET "year_of_birth" = <a value within minimum 1800/,
      );
      expect(await h.definition('staff_members')).toBe(before);
      await h.exec(`UPDATE staff_members SET year_of_birth = 1900`);
      await start(h, staff({ limits }));
      await expect(h.exec(insert(`('Ab', 1700, 'internal', NULL)`))).rejects.toThrow();
      // Looser limits, then none: the check follows.
      await start(h, staff({ limits: { ...limits, yearOfBirth: { minimum: 1600 } } }));
      await h.exec(insert(`('Ab', 1700, 'internal', NULL)`));
      await expect(h.exec(insert(`('Ab', 1500, 'internal', NULL)`))).rejects.toThrow();
      await start(h, staff());
      await h.exec(insert(`('A', 1500, 'internal', -3)`));
      expect(await count(h)).toBe(3);
    });

    it('makes a unique index per declared key: a taken value is a 409 naming the fields, for the API and for SQL', async () => {
      const h = await harness();
      const unique = staff({ unique: [['name'], ['state', 'yearOfBirth']] });
      await start(h, unique, async (store) => {
        await store.create({ name: 'Ada', yearOfBirth: 1815, state: 'internal' });
        const name = await failure(store.create({ name: 'Ada', yearOfBirth: 1900, state: 'internal' }));
        expect(name).toMatchObject({ status: 409, codeName: 'valueTaken', fieldErrors: [{ field: 'name' }] });
        const pair = await failure(store.create({ name: 'Bob', yearOfBirth: 1815, state: 'internal' }));
        expect(pair).toMatchObject({
          status: 409,
          fieldErrors: [{ field: 'state' }, { field: 'yearOfBirth' }],
        });
        await store.create({ name: 'Cy', yearOfBirth: 1815, state: 'external' });
      });
      await expect(h.exec(insert(`('Ada', 2000, 'external', NULL)`))).rejects.toThrow();
      // Taken out of the declarations: the index goes, and rows may share the value.
      await start(h, staff({ unique: [['state', 'yearOfBirth']] }));
      await h.exec(insert(`('Ada', 2000, 'external', NULL)`));
      // Declared again while two rows share a name: start-up stops, saying how to find them.
      const error = await failure(start(h, unique));
      expect(error).toMatchObject({
        code: 'CORRAL_SCHEMA_CHANGE_REFUSED',
        message: expect.stringMatching(
          /name is declared unique, but 1 value\(s\) of it are held by more than one row.*GROUP BY "name"/,
        ),
      });
      await h.exec(`DELETE FROM staff_members WHERE year_of_birth = 2000`);
      await start(h, unique);
      await expect(h.exec(insert(`('Ada', 2000, 'external', NULL)`))).rejects.toThrow();
    });

    it('only checks that a table the application owns has an index for each declared key, and answers 409 from it', async () => {
      const h = await harness();
      await h.exec(
        `CREATE TABLE shelf (id ${h.types.key}, name ${h.types.text} NOT NULL, year_of_birth ${h.types.integer} NOT NULL, state ${h.types.text} NOT NULL)`,
      );
      const init = staff({
        collection: 'shelf',
        fields: { name: 'string', yearOfBirth: 'integer', state: 'enum' },
        unique: [['name'], ['state', 'yearOfBirth']],
        limits,
      });
      const owned = (work: (store: Store<Scored>) => Promise<void> = async () => {}) =>
        (async () => {
          const database = h.open();
          try {
            const store = database.store<Scored>({ table: 'shelf' });
            await store.init?.(init);
            await work(store);
          } finally {
            await database.close();
          }
        })();
      const error = await failure(owned());
      expect(error).toMatchObject({ code: 'CORRAL_TABLE_MISMATCH' });
      expect((error as Error).message).toMatch(
        /name is declared unique, but table shelf has no unique index or constraint over \(name\); add one: CREATE UNIQUE INDEX "shelf_unique_name"/,
      );
      expect((error as Error).message).toMatch(/state, yearOfBirth is declared unique/);
      await h.exec('CREATE UNIQUE INDEX shelf_name ON shelf (name)');
      // A key over more columns is kept by an index over some of them.
      await h.exec('CREATE UNIQUE INDEX shelf_state ON shelf (state)');
      await owned(async (store) => {
        await store.create({ name: 'Ada', yearOfBirth: 1815, state: 'internal' });
        const taken = await failure(store.create({ name: 'Ada', yearOfBirth: 1900, state: 'external' }));
        expect(taken).toMatchObject({ status: 409, fieldErrors: [{ field: 'name' }] });
      });
      // No DDL on a table the application owns: its limits are not added as checks.
      await h.exec(`INSERT INTO shelf (name, year_of_birth, state) VALUES ('Bo', 1, 'retired')`);
    });
  });
}
