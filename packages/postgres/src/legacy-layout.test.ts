import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { partsInit, thingsInit, type Part, type Thing } from '@corral/core/testing';
import { expectPreviousRecordsKept } from '@corral/sql/testing';
import { counterShards } from './counters.js';
import { postgresDatabase } from './database.js';
import { dropSchemas, freshSchemaName, loadDump, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(schemas);
});
const dump = new URL('../test-fixtures/things-layout1.sql', import.meta.url).pathname;
// Made by the release before the counters: one corral_revisions row per collection (things 6 and 3 live, parts 2 and 2).
const revisionRow = new URL('../test-fixtures/things-revision-row.sql', import.meta.url).pathname;

/** A schema holding what the previous release made: things and parts as JSON documents. */
async function previousRelease(): Promise<string> {
  const schema = freshSchemaName('layout1');
  schemas.push(schema);
  await loadDump(dump, 'corral_layout1', schema);
  return schema;
}

async function sql(schema: string, text: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schema}"`);
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

async function start(schema: string) {
  const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
  const things = database.store<Thing>();
  const parts = database.store<Part>();
  await things.init?.(thingsInit);
  await parts.init?.(partsInit(things));
  return { database, things, parts };
}

describe.runIf(available)('a PostgreSQL schema of the previous layout (JSON documents)', () => {
  it('is moved to columns at start-up: records, versions, deletions, revisions and the id sequence', async () => {
    const schema = await previousRelease();
    const { database, things, parts } = await start(schema);
    await expectPreviousRecordsKept(things, parts);
    expect(
      (await things.list({ search: { text: 'ZÜR', fields: ['name'] }, offset: 0, limit: 10 })).items.map((r) => r.id),
    ).toEqual(['4']);
    expect(Number((await things.create({ name: 'Eel', legs: 0, kind: 'eel' })).id)).toBeGreaterThan(4);
    await database.close();
    expect(
      await sql(
        schema,
        `SELECT column_name FROM information_schema.columns WHERE table_schema = '${schema}' AND table_name = 'things' ORDER BY ordinal_position`,
      ),
    ).toEqual(['id', 'version', 'name', 'legs', 'kind', 'wild', 'tags'].map((column_name) => ({ column_name })));
    expect(await sql(schema, `SELECT layout FROM corral_tables ORDER BY collection`)).toEqual([
      { layout: 2 },
      { layout: 2 },
    ]);
    // A second start finds the new layout and leaves it as it is.
    const again = await start(schema);
    expect(await again.things.count({})).toBe(4);
    await again.database.close();
  });

  it('refuses records that do not fit their columns, naming them with the fix, and moves nothing until they are fixed', async () => {
    const schema = await previousRelease();
    await sql(schema, `UPDATE things SET data = data - 'legs' WHERE seq = 2`);
    await sql(schema, `UPDATE things SET data = jsonb_set(data, '{kind}', '"cow"') WHERE seq = 4`);
    await sql(schema, `UPDATE things SET data = jsonb_set(data, '{colour}', '"grey"') WHERE seq = 1`);
    const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    const error = await Promise.resolve(database.store<Thing>().init?.(thingsInit)).then(
      () => undefined,
      (e: unknown) => e as Error & { code: string },
    );
    await database.close();
    expect(error?.code).toBe('CORRAL_TABLE_LAYOUT_MISMATCH');
    expect(error?.message).toMatch(
      /1 record\(s\) of things \(ids 2\) have no legs, which is required\. Fix: UPDATE .*jsonb_set/,
    );
    expect(error?.message).toMatch(/1 record\(s\) of things \(ids 4\) hold a kind other than cat, dog, eel/);
    expect(error?.message).toMatch(
      /1 record\(s\) of things \(ids 1\) hold colour, which no field of the schema keeps: moving them would lose those values\. Fix: UPDATE .*data - 'colour'/,
    );
    expect(await sql(schema, `SELECT layout FROM corral_tables WHERE collection = 'things'`)).toEqual([{ layout: 1 }]);
    await sql(
      schema,
      `UPDATE things SET data = jsonb_set(data, '{legs}', '4') WHERE seq = 2; UPDATE things SET data = jsonb_set(data, '{kind}', '"cat"') WHERE seq = 4; UPDATE things SET data = data - 'colour' WHERE seq = 1`,
    );
    const { database: fixed, things } = await start(schema);
    expect(await things.get('2')).toMatchObject({ record: { data: { legs: 4 } } });
    await fixed.close();
  });

  it('refuses records outside the limits the new table checks, naming them with the fix', async () => {
    const schema = await previousRelease();
    await sql(schema, `UPDATE things SET data = jsonb_set(data, '{legs}', '40') WHERE seq = 2`);
    const limited = { ...thingsInit, limits: { legs: { minimum: 0, maximum: 8 }, name: { maxLength: 20 } } };
    const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    const error = await Promise.resolve(database.store<Thing>().init?.(limited)).then(
      () => undefined,
      (e: unknown) => e as Error & { code: string },
    );
    await database.close();
    expect(error?.code).toBe('CORRAL_TABLE_LAYOUT_MISMATCH');
    expect(error?.message).toMatch(
      /1 record\(s\) of things \(ids 2\) hold a legs outside its limits \(minimum 0, maximum 8\)\. Fix: UPDATE .*jsonb_set/,
    );
    await sql(schema, `UPDATE things SET data = jsonb_set(data, '{legs}', '4') WHERE seq = 2`);
    const fixed = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    const things = fixed.store<Thing>();
    await things.init?.(limited);
    expect(await things.get('2')).toMatchObject({ record: { data: { legs: 4 } } });
    await fixed.close();
  });
});

describe.runIf(available)('a PostgreSQL schema whose collections each had one revision row', () => {
  it('carries on their revisions and live counts in the counters', async () => {
    const schema = freshSchemaName('revision_row');
    schemas.push(schema);
    await loadDump(revisionRow, 'corral_revision_row', schema);
    const { database, things, parts } = await start(schema);
    expect([await things.revision(), await things.count({}), await parts.revision(), await parts.count({})]).toEqual([
      6, 3, 2, 2,
    ]);
    expect((await things.list({ offset: 0, limit: 2 })).revision).toBe(6);
    await things.create({ name: 'Eel', legs: 0, kind: 'eel' });
    // Another program's write is counted too: the triggers use the counters now.
    await sql(schema, `UPDATE things SET legs = 7 WHERE name = 'Ant'`);
    expect([await things.revision(), await things.count({})]).toEqual([8, 4]);
    await database.close();
    expect(
      await sql(schema, `SELECT collection, count(*)::int AS shards FROM corral_counts GROUP BY 1 ORDER BY 1`),
    ).toEqual(['parts', 'things'].map((collection) => ({ collection, shards: counterShards })));
    // A second start moves nothing again.
    const again = await start(schema);
    expect([await again.things.revision(), await again.things.count({})]).toEqual([8, 4]);
    await again.database.close();
  });
});
