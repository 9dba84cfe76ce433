import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsInit, thingsInit, type Part, type Thing } from '@corral/core/testing';
import { expectPreviousRecordsKept } from '@corral/sql/testing';
import { sqliteDatabase } from './database.js';

let folder: string;
let copies = 0;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-layout1-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A copy of a file the previous release made: things and parts as JSON documents. */
async function previousRelease(): Promise<string> {
  const path = join(folder, `copy-${++copies}.sqlite`);
  await copyFile(new URL('../test-fixtures/things-layout1.sqlite', import.meta.url), path);
  return path;
}

async function start(path: string) {
  const database = sqliteDatabase({ path });
  const things = database.store<Thing>();
  const parts = database.store<Part>();
  await things.init?.(thingsInit);
  await parts.init?.(partsInit(things));
  return { database, things, parts };
}

const sql = (path: string, text: string) => {
  const connection = new DatabaseSync(path);
  try {
    return connection
      .prepare(text)
      .all()
      .map((row) => ({ ...row }));
  } finally {
    connection.close();
  }
};

describe('a SQLite file of the previous layout (JSON documents)', () => {
  it('is moved to columns at start-up: records, versions, deletions, revisions and the id sequence', async () => {
    const path = await previousRelease();
    const { database, things, parts } = await start(path);
    await expectPreviousRecordsKept(things, parts);
    expect(Number((await things.create({ name: 'Eel', legs: 0, kind: 'eel' })).id)).toBeGreaterThan(4);
    await database.close();
    expect(sql(path, `SELECT name FROM pragma_table_info('things')`).map((row) => row.name)).toEqual([
      'id',
      'version',
      'name',
      'legs',
      'kind',
      'wild',
      'tags',
    ]);
    expect(sql(path, `SELECT "table" FROM pragma_foreign_key_list('parts')`)).toEqual([{ table: 'things' }]);
    const again = await start(path);
    expect(await again.things.count({})).toBe(4);
    await again.database.close();
  });

  it('refuses records that do not fit their columns, naming them with the fix, and moves nothing until they are fixed', async () => {
    const path = await previousRelease();
    sql(path, `UPDATE things SET data = json_remove(data, '$.legs') WHERE seq = 2 RETURNING seq`);
    sql(path, `UPDATE things SET data = json_set(data, '$.kind', 'cow') WHERE seq = 4 RETURNING seq`);
    sql(path, `UPDATE things SET data = json_set(data, '$.colour', 'grey') WHERE seq = 1 RETURNING seq`);
    const database = sqliteDatabase({ path });
    const error = await Promise.resolve(database.store<Thing>().init?.(thingsInit)).then(
      () => undefined,
      (e: unknown) => e as Error & { code: string },
    );
    await database.close();
    expect(error?.code).toBe('CORRAL_TABLE_LAYOUT_MISMATCH');
    expect(error?.message).toMatch(
      /1 record\(s\) of things \(ids 2\) have no legs, which is required\. Fix: UPDATE "things" SET data = json_set/,
    );
    expect(error?.message).toMatch(/1 record\(s\) of things \(ids 4\) hold a kind other than cat, dog, eel/);
    expect(error?.message).toMatch(
      /1 record\(s\) of things \(ids 1\) hold colour, which no field of the schema keeps: moving them would lose those values\. Fix: UPDATE .*json_remove\(data/,
    );
    expect(sql(path, `SELECT name FROM pragma_table_info('things')`).map((row) => row.name)).toContain('data');
    sql(path, `UPDATE things SET data = json_set(data, '$.legs', 4) WHERE seq = 2 RETURNING seq`);
    sql(path, `UPDATE things SET data = json_set(data, '$.kind', 'cat') WHERE seq = 4 RETURNING seq`);
    sql(path, `UPDATE things SET data = json_remove(data, '$.colour') WHERE seq = 1 RETURNING seq`);
    const { database: fixed, things } = await start(path);
    expect(await things.get('2')).toMatchObject({ record: { data: { legs: 4 } } });
    await fixed.close();
  });

  it('refuses records outside the limits the new table checks, naming them with the fix', async () => {
    const path = await previousRelease();
    sql(path, `UPDATE things SET data = json_set(data, '$.legs', 40) WHERE seq = 2 RETURNING seq`);
    const limited = { ...thingsInit, limits: { legs: { minimum: 0, maximum: 8 }, name: { maxLength: 20 } } };
    const database = sqliteDatabase({ path });
    const error = await Promise.resolve(database.store<Thing>().init?.(limited)).then(
      () => undefined,
      (e: unknown) => e as Error & { code: string },
    );
    await database.close();
    expect(error?.code).toBe('CORRAL_TABLE_LAYOUT_MISMATCH');
    expect(error?.message).toMatch(
      /1 record\(s\) of things \(ids 2\) hold a legs outside its limits \(minimum 0, maximum 8\)\. Fix: UPDATE "things" SET data = json_set\(data, '\$\."legs"', <a value within minimum 0, maximum 8>\)/,
    );
    sql(path, `UPDATE things SET data = json_set(data, '$.legs', 4) WHERE seq = 2 RETURNING seq`);
    const fixed = sqliteDatabase({ path });
    const things = fixed.store<Thing>();
    await things.init?.(limited);
    expect(await things.get('2')).toMatchObject({ record: { data: { legs: 4 } } });
    await fixed.close();
  });
});
