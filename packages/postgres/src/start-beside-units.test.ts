import { thingsInit, type Thing } from '@corral/core/testing';
import { startBesideUnitsCases } from '@corral/sql/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from './database.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

startBesideUnitsCases(await serverAvailable(), async (label) => {
  const schema = freshSchemaName(label);
  schemas.push(schema);
  const opened: ReturnType<typeof postgresDatabase>[] = [];
  return {
    async start(init) {
      const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
      opened.push(database);
      const things = database.store<Thing & { colour?: string }>();
      await things.init?.(init);
      return { database, things };
    },
    // Each trigger's row version (xmin): replacing a trigger writes a new one.
    async schemaMarks() {
      const { rows } = await opened[0]!.pool.query(
        `SELECT tgname, xmin::text AS made FROM pg_trigger WHERE tgrelid = $1::regclass ORDER BY tgname`,
        [`"${schema}".things`],
      );
      return rows;
    },
  };
});

describe.runIf(await serverAvailable())('the triggers a start finds', () => {
  it('turns on again a trigger someone turned off, though the SQL that made it is unchanged', async () => {
    const schema = freshSchemaName('start_disabled');
    schemas.push(schema);
    const first = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    await first.store<Thing>().init?.(thingsInit);
    const off = `SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = '"${schema}".things'::regclass AND NOT tgisinternal AND tgenabled <> 'O'`;
    await first.pool.query(`ALTER TABLE "${schema}".things DISABLE TRIGGER USER`);
    expect((await first.pool.query(off)).rows[0].n).toBeGreaterThan(0);
    const second = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    await second.store<Thing>().init?.(thingsInit);
    expect((await second.pool.query(off)).rows[0].n).toBe(0);
    await Promise.all([first.close(), second.close()]);
  });

  it('finds its triggers as it made them whatever the search_path of the role that starts', async () => {
    const schema = freshSchemaName('start_path');
    schemas.push(schema);
    const onPath = new URL(testDatabaseUrl);
    onPath.searchParams.set('options', `-c search_path=${schema},public`);
    const made = `SELECT tgname, xmin::text AS made FROM pg_trigger WHERE tgrelid = '"${schema}".things'::regclass ORDER BY tgname`;
    const marks: unknown[] = [];
    for (const url of [testDatabaseUrl, onPath.href, testDatabaseUrl]) {
      const database = postgresDatabase({ connectionString: url, schema });
      try {
        await database.store<Thing>().init?.(thingsInit);
        marks.push((await database.pool.query(made)).rows);
      } finally {
        await database.close();
      }
    }
    expect(marks[1]).toEqual(marks[0]);
    expect(marks[2]).toEqual(marks[0]);
  });
});
