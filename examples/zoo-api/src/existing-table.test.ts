import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi, defineCollection, silentLogger, type Store } from '@corral/core';
import { postgresDatabase } from '@corral/postgres';
import { sqliteDatabase } from '@corral/sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { describeEachTransport } from '@corral/core/testing';
import { employeeSchema } from './collections/employees.js';
import { postgresBeside, sqliteBeside, type SqlBeside } from './testing/database-sql.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-existing-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));
const postgres = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(schemas);
});

/** A table another team made and migrates with its own tools; Corral serves it as it is. */
const staffTable = (
  key: string,
) => `CREATE TABLE staff (staff_id ${key}, full_name varchar(200) NOT NULL, birth_year integer NOT NULL,
  state text NOT NULL CHECK (state IN ('internal', 'external')), maturity text NOT NULL, hired_on date DEFAULT CURRENT_DATE)`;

/** A fresh database holding the staff table, with SQL beside it and a store on the table. */
async function database(
  kind: 'sqlite' | 'postgres',
): Promise<{ sql: SqlBeside; store: Store<object>; close(): Promise<void> }> {
  const options = {
    table: 'staff',
    id: 'staff_id',
    columns: { name: 'full_name', yearOfBirth: 'birth_year' },
  } as const;
  if (kind === 'sqlite') {
    const file = join(folder, `staff-${Math.random().toString(36).slice(2)}.sqlite`);
    const sql = sqliteBeside(file);
    await sql.rows(staffTable('INTEGER PRIMARY KEY'));
    const db = sqliteDatabase({ path: file });
    return { sql, store: db.store(options), close: () => db.close() };
  }
  const schema = freshSchemaName('staff');
  schemas.push(schema);
  const sql = postgresBeside(schema);
  await sql.rows(`CREATE SCHEMA "${schema}"`);
  await sql.rows(staffTable('integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY'));
  const db = postgresDatabase({ connectionString: testDatabaseUrl, schema });
  return { sql, store: db.store(options), close: () => db.close() };
}

for (const kind of ['sqlite', 'postgres'] as const) {
  describe.runIf(kind === 'sqlite' || postgres)(`a collection on a table made by plain SQL (${kind})`, () => {
    describeEachTransport('employees served from staff', (open) => {
      it('serves the rows, writes the columns it maps, and leaves every other column to the table', async () => {
        const { sql, store, close } = await database(kind);
        await sql.rows(
          `INSERT INTO staff (full_name, birth_year, state, maturity) VALUES ('Grace Hopper', 1906, 'external', 'senior')`,
        );
        const employees = defineCollection({
          name: 'employees',
          schema: employeeSchema,
          filters: { state: 'state' },
          sortable: ['name'],
          searchable: ['name'],
          store: store as Store<typeof employeeSchema._output>,
        });
        const api = createApi({ collections: [employees], logger: silentLogger });
        const client = await open(api);
        try {
          const list = await client.send('GET', '/v1/employees?sortby=name');
          expect(list.json).toMatchObject({
            total: 1,
            employees: [{ name: 'Grace Hopper', yearOfBirth: 1906, state: 'external', maturity: 'senior' }],
          });
          const grace = list.json.employees[0];
          const created = await client.send('POST', '/v1/employees', {
            body: { name: 'Ada Yonath', yearOfBirth: 1939, state: 'internal', maturity: 'senior' },
          });
          expect(created.status).toBe(201);
          const rows = await sql.rows(
            `SELECT full_name, birth_year, hired_on FROM staff WHERE staff_id = ${created.json.id}`,
          );
          expect(rows).toMatchObject([{ full_name: 'Ada Yonath', birth_year: 1939 }]);
          expect(rows[0]!.hired_on).not.toBeNull(); // the table's own default, untouched by the API
          // A change made by SQL shows at once, with a new ETag; a write with the old ETag is refused.
          await sql.rows(`UPDATE staff SET maturity = 'intermediate' WHERE staff_id = ${grace.id}`);
          const before = await client.send('GET', `/v1/employees/${grace.id}`);
          expect(before.json.maturity).toBe('intermediate');
          const stale = await client.send('PATCH', `/v1/employees/${grace.id}`, {
            headers: { 'content-type': 'application/merge-patch+json', 'if-match': list.headers.etag ?? '"v0"' },
            body: JSON.stringify({ maturity: 'junior' }),
          });
          expect(stale.status).toBe(412);
          const patched = await client.send('PATCH', `/v1/employees/${grace.id}`, {
            headers: { 'content-type': 'application/merge-patch+json', 'if-match': before.headers.etag! },
            body: JSON.stringify({ maturity: 'junior' }),
          });
          expect(patched.status).toBe(200);
          expect(await sql.rows(`SELECT maturity FROM staff WHERE staff_id = ${grace.id}`)).toEqual([
            { maturity: 'junior' },
          ]);
          expect((await client.send('DELETE', `/v1/employees/${created.json.id}`)).status).toBe(204);
          expect((await client.send('GET', `/v1/employees/${created.json.id}`)).status).toBe(410);
          expect(await sql.rows('SELECT count(*) AS n FROM staff')).toEqual([{ n: 1 }]);
          // The table's own rule is answered in the API's error shape.
          const refused = await client.send('PATCH', `/v1/employees/${grace.id}`, {
            headers: { 'content-type': 'application/merge-patch+json' },
            body: JSON.stringify({ state: 'retired' }),
          });
          expect(refused.status).toBe(422);
          expect(await sql.columns('staff')).toEqual([
            'staff_id',
            'full_name',
            'birth_year',
            'state',
            'maturity',
            'hired_on',
          ]);
        } finally {
          await api.close();
          await close();
        }
      });
    });
  });
}
