// Prefer: respond-async on the zoo as `npm start` runs it, with its jobs in the database: a bulk
// write that cannot succeed answers at once, and the jobs table shows that no job was stored for it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@corral/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { type RunningService, serve } from './serve.js';
import { postgresBeside, sqliteBeside, type SqlBeside } from './testing/database-sql.js';
import { adminToken } from './testing/service-calls.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'corral-zoo-async-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const postgres = await serverAvailable();
const schema = freshSchemaName('async');
afterAll(async () => {
  if (postgres) await dropSchema(schema);
});

async function send(service: RunningService, token: string, method: string, path: string, extra = {}, body?: unknown) {
  const res = await fetch(`${service.localOrigin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...extra,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? (JSON.parse(text) as any) : undefined };
}

describe.each([
  ['SQLite (DATA_DIR)', () => ({ DATA_DIR: dataDir }), () => sqliteBeside(join(dataDir, 'zoo.sqlite')), true],
  [
    'PostgreSQL (DATABASE_URL)',
    () => ({ DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema }),
    () => postgresBeside(schema),
    postgres,
  ],
] as const)('bulk writes with Prefer: respond-async on %s', (_label, storage, beside, available) => {
  it.runIf(available)('store a job only for a request that passed every check made at once', async () => {
    const service = await serve({ PORT: '0', RATE_LIMIT: '0', ...storage() }, silentLogger);
    const sql: SqlBeside = beside();
    const async = { prefer: 'respond-async' };
    try {
      const admin = await adminToken(service);
      const stale = (await send(service, admin, 'GET', '/v1/suppliers')).headers.get('etag')!;
      expect((await send(service, admin, 'PATCH', '/v1/suppliers/1', {}, { city: 'Kiel' })).status).toBe(200);

      const refusedDelete = await send(service, admin, 'DELETE', '/v1/suppliers', { ...async, 'if-match': stale });
      expect(refusedDelete.status).toBe(412);
      const invalid = Array.from({ length: 1000 }, (_, i) => ({ id: String((i % 10) + 1), name: '' }));
      const refusedPut = await send(service, admin, 'PUT', '/v1/customers', async, invalid);
      expect(refusedPut.status).toBe(422);
      expect(refusedPut.json.errors[3]).toEqual({ field: '[3].name', message: expect.any(String) });

      expect((await send(service, admin, 'GET', '/v1/suppliers')).json.total).toBe(8);
      expect((await send(service, admin, 'GET', '/v1/customers/4')).json.name).not.toBe('');

      const current = (await send(service, admin, 'GET', '/v1/suppliers')).headers.get('etag')!;
      const accepted = await send(service, admin, 'DELETE', '/v1/suppliers', { ...async, 'if-match': current });
      expect(accepted.status).toBe(202);
      expect(accepted.headers.get('location')).toBe(`/v1/jobs/${accepted.json.id}`);
      // The one accepted request is the only job the database holds.
      expect((await sql.rows('SELECT id FROM corral_jobs')).map((row) => String(row.id))).toEqual([accepted.json.id]);
    } finally {
      await service.stop();
    }
  });
});
