import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@corral/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { serve } from './serve.js';
import { postgresBeside, sqliteBeside, type SqlBeside } from './testing/database-sql.js';
import { adminToken, call } from './testing/service-calls.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'corral-zoo-tables-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const postgres = await serverAvailable();
const schema = freshSchemaName('tables');
afterAll(async () => {
  if (postgres) await dropSchema(schema);
});

describe.each([
  ['its default SQLite file', () => ({ DATA_DIR: dataDir }), () => sqliteBeside(join(dataDir, 'zoo.sqlite')), true],
  [
    'PostgreSQL (DATABASE_URL)',
    () => ({ DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema }),
    () => postgresBeside(schema),
    postgres,
  ],
] as const)('the zoo service on %s', (_label, storage, beside, available) => {
  it.runIf(available)('keeps each collection in a table of columns, and SQL and the API agree both ways', async () => {
    const service = await serve({ PORT: '0', RATE_LIMIT: '0', ...storage() }, silentLogger);
    const sql: SqlBeside = beside();
    try {
      const admin = await adminToken(service);
      expect(await sql.columns('employees')).toEqual(['id', 'version', 'name', 'year_of_birth', 'state', 'maturity']);
      expect(await sql.columns('salary_statements')).toEqual([
        'id',
        'version',
        'period',
        'gross_amount',
        'currency',
        'employee_id',
      ]);
      expect(await sql.references('animals')).toEqual({ zoo_id: 'zoos' });
      expect(await sql.references('salary_statements')).toEqual({ employee_id: 'employees' });

      // The API's total is the table's row count.
      const [{ n }] = (await sql.rows('SELECT count(*) AS n FROM employees')) as [{ n: number }];
      expect((await call(service, admin, 'GET', '/v1/employees')).json.total).toBe(n);

      // A write through the API is a row SQL can read...
      const created = await call(service, admin, 'POST', '/v1/employees', {
        name: 'Nora Frei',
        yearOfBirth: 1991,
        state: 'internal',
        maturity: 'junior',
      });
      expect(
        await sql.rows(`SELECT name, year_of_birth, state, maturity FROM employees WHERE id = ${created.json.id}`),
      ).toEqual([{ name: 'Nora Frei', year_of_birth: 1991, state: 'internal', maturity: 'junior' }]);

      // ...and a row written by SQL is a record of the API.
      await sql.rows(
        `INSERT INTO employees (name, year_of_birth, state, maturity) VALUES ('Otto Lilienthal', 1948, 'external', 'senior')`,
      );
      const found = await call(service, admin, 'GET', '/v1/employees?query=lilienthal');
      expect(found.json.employees).toMatchObject([
        { name: 'Otto Lilienthal', yearOfBirth: 1948, state: 'external', maturity: 'senior' },
      ]);
      expect((await call(service, admin, 'GET', '/v1/employees')).json.total).toBe(n + 2);
      const otto = await call(service, admin, 'GET', `/v1/employees/${found.json.employees[0].id}`);
      expect(otto.status).toBe(200);

      // An update by SQL gives the record a new ETag; a write carrying the old one is refused (412), so nothing is lost.
      await sql.rows(`UPDATE employees SET maturity = 'intermediate' WHERE id = ${otto.json.id}`);
      const changed = await call(service, admin, 'GET', `/v1/employees/${otto.json.id}`);
      expect(changed.etag).not.toBe(otto.etag);
      const stale = await fetch(`${service.localOrigin}/v1/employees/${otto.json.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'if-match': otto.etag! },
        body: JSON.stringify({ name: 'Otto Lilienthal', yearOfBirth: 1948, state: 'external', maturity: 'senior' }),
      });
      expect(stale.status).toBe(412);
      expect(await sql.rows(`SELECT maturity FROM employees WHERE id = ${otto.json.id}`)).toEqual([
        { maturity: 'intermediate' },
      ]);

      // A delete by SQL: the id answers 410, as after a DELETE through the API.
      await sql.rows(`DELETE FROM employees WHERE id = ${otto.json.id}`);
      expect((await call(service, admin, 'GET', `/v1/employees/${otto.json.id}`)).status).toBe(410);

      // The database holds the relations the API promises: no animal of a zoo that does not exist.
      await expect(
        sql.rows(
          `INSERT INTO animals (name, species, animal_type_id, zoo_id) VALUES ('Moa', 'Dinornis', 'bird', 999999)`,
        ),
      ).rejects.toThrow();
      await expect(
        sql.rows(
          `INSERT INTO employees (name, year_of_birth, state, maturity) VALUES ('X', 1990, 'retired', 'junior')`,
        ),
      ).rejects.toThrow();
    } finally {
      await service.stop();
    }
  });
});
