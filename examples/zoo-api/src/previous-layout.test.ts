import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@corral/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, freshSchemaName, loadDump, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { serve } from './serve.js';
import { postgresBeside, sqliteBeside } from './testing/database-sql.js';
import { adminToken, call } from './testing/service-calls.js';

const fixture = (name: string) => new URL(`../test-fixtures/${name}`, import.meta.url);
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'corral-zoo-layout1-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const postgres = await serverAvailable();
const schema = freshSchemaName('layout1');
afterAll(async () => {
  if (postgres) await dropSchema(schema);
});

/** Where the previous release left its data: a copy of its SQLite file, or its schema loaded from a dump. */
const sqlite = async () => {
  await mkdir(join(dataDir, 'zoo'), { recursive: true });
  await copyFile(fixture('zoo-layout1.sqlite'), join(dataDir, 'zoo', 'zoo.sqlite'));
  return { env: { DATA_DIR: join(dataDir, 'zoo') }, sql: sqliteBeside(join(dataDir, 'zoo', 'zoo.sqlite')) };
};
const postgresSchema = async () => {
  await loadDump(fixture('zoo-layout1.pg.sql').pathname, 'zoo_layout1', schema);
  return { env: { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema }, sql: postgresBeside(schema) };
};

describe.each([
  ['a SQLite file', sqlite, true],
  ['a PostgreSQL schema', postgresSchema, postgres],
] as const)(
  'the zoo service started on %s of the previous release (one JSON document per row)',
  (_label, previous, available) => {
    it.runIf(available)(
      'moves it to tables of columns and serves every record, ETag, deletion and id as before',
      async () => {
        const { env, sql } = await previous();
        const service = await serve({ PORT: '0', RATE_LIMIT: '0', ...env }, silentLogger);
        try {
          const admin = await adminToken(service);
          const zurich = await call(service, admin, 'GET', '/v1/zoos/2');
          expect(zurich).toMatchObject({
            status: 200,
            etag: '"v2"',
            json: { name: 'Zurich Zoo', city: 'Berlin-Friedrichsfelde' },
          });
          expect((await call(service, admin, 'GET', '/v1/zoos/6')).json).toMatchObject({
            name: 'Tierpark',
            city: 'Berlin',
          });
          expect((await call(service, admin, 'GET', '/v1/zoos')).json.total).toBe(6);
          expect((await call(service, admin, 'GET', '/v1/animals/41')).json).toMatchObject({
            name: 'Kea',
            zooId: '2',
            animalTypeId: 'bird',
          });
          expect((await call(service, admin, 'GET', '/v1/zoos/2/animals?query=kea')).json.animals).toMatchObject([
            { id: '41' },
          ]);
          expect((await call(service, admin, 'GET', '/v1/employees/31')).json).toMatchObject({
            name: 'Nora Frei',
            yearOfBirth: 1991,
          });
          expect((await call(service, admin, 'GET', '/v1/employees')).json.total).toBe(30);
          expect((await call(service, admin, 'GET', '/v1/employees/1/salaryStatements/1')).json).toMatchObject({
            period: '2026-08',
            grossAmount: 3800,
            employeeId: '1',
          });
          // Deleted before the move, deleted after it: 410, never 404, and the ids never come back.
          expect((await call(service, admin, 'GET', '/v1/customers/2')).status).toBe(410);
          expect((await call(service, admin, 'GET', '/v1/employees/3')).status).toBe(410);
          expect((await call(service, admin, 'GET', '/v1/employees/3/salaryStatements/7')).status).toBe(410);
          const next = await call(service, admin, 'POST', '/v1/zoos', { name: 'Hellabrunn', city: 'Munich' });
          expect(Number(next.json.id)).toBe(7);
          expect(await sql.columns('zoos')).toEqual(['id', 'version', 'name', 'city']);
          expect(await sql.references('salary_statements')).toEqual({ employee_id: 'employees' });
          expect(await sql.rows(`SELECT count(*) AS n FROM salary_statements`)).toEqual([{ n: 27 }]);
        } finally {
          await service.stop();
        }
        // A second start finds the new layout and serves the same.
        const again = await serve({ PORT: '0', RATE_LIMIT: '0', ...env }, silentLogger);
        try {
          const admin = await adminToken(again);
          expect((await call(again, admin, 'GET', '/v1/zoos')).json.total).toBe(7);
        } finally {
          await again.stop();
        }
        // The old table is gone; its records live in salary_statements.
        expect(await sql.columns('salaryStatements')).toEqual([]);
      },
    );
  },
);
