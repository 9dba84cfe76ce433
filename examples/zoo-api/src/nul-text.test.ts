// Issue 32, item 1: U+0000 means something different on each store (SQLite's LIKE stops at it,
// PostgreSQL cannot store it), so core refuses it the same way on all of them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningZoo, startZoo } from './testing/start-zoo.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'corral-zoo-nul-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const postgres = await serverAvailable();
const schema = freshSchemaName('nul');
afterAll(async () => {
  if (postgres) await dropSchema(schema);
});

describe.each([
  ['memory', () => ({ STORE: 'memory' }), true],
  ['SQLite', () => ({ DATA_DIR: dataDir }), true],
  ['PostgreSQL', () => ({ DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema }), postgres],
] as const)('U+0000 in text on %s', (_label, storage, available) => {
  let zoo: RunningZoo;
  let admin: string;
  beforeAll(async () => {
    if (!available) return;
    zoo = await startZoo({ RATE_LIMIT: '0', ...storage() });
    admin = await zoo.token();
  });
  afterAll(() => zoo?.close());

  it.runIf(available)('answers 400 naming query for a search text with NUL, on lists and /v1/search', async () => {
    for (const path of [
      '/v1/animals?query=%00',
      '/v1/animals?query=le%00',
      '/v1/zoos?query=eo%00zzz',
      '/v1/search?query=a%00zzz',
    ]) {
      const res = await zoo.get(path, admin);
      const body = (await res.json()) as { message: string; errorCode: number };
      expect(res.status, path).toBe(400);
      expect(body.errorCode, path).toBeTypeOf('number');
      expect(body.message, path).toMatch(/^query\b.*U\+0000/);
    }
  });

  it.runIf(available)('answers 422 naming the field for a written text with NUL, and writes nothing', async () => {
    const before = await (await zoo.get('/v1/zoos?limit=1', admin)).json();
    const res = await fetch(`${zoo.origin}/v1/zoos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nul\u0000Zoo', city: 'Bern' }),
    });
    const body = (await res.json()) as { errors: { field: string; message: string }[] };
    expect(res.status).toBe(422);
    expect(body.errors).toEqual([{ field: 'name', message: expect.stringContaining('U+0000') }]);
    expect(await (await zoo.get('/v1/zoos?limit=1', admin)).json()).toEqual(before);
  });

  it.runIf(available)(
    'answers 422 naming the field for a lone surrogate (POST and PATCH), and writes nothing',
    async () => {
      const write = (method: string, path: string, json: string) =>
        fetch(`${zoo.origin}${path}`, {
          method,
          headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
          body: json, // written by hand: JSON.stringify would escape the half pair the same way
        });
      const before = await (await zoo.get('/v1/zoos?limit=100', admin)).json();
      for (const [method, path, json] of [
        ['POST', '/v1/zoos', '{"name":"a\\ud800b","city":"Bern"}'],
        ['POST', '/v1/zoos', '{"name":"Zoo","city":"\\udc00\\ud800"}'],
        ['PATCH', '/v1/zoos/1', '{"name":"x\\udfff"}'],
      ] as const) {
        const res = await write(method, path, json);
        const body = (await res.json()) as { errors: { field: string; message: string }[] };
        expect(res.status, json).toBe(422);
        expect(body.errors, json).toEqual([
          { field: expect.stringMatching(/^(name|city)$/), message: expect.stringContaining('surrogate') },
        ]);
      }
      // A pair that belongs together is one character (an emoji) and is kept as sent.
      const kept = await write('POST', '/v1/zoos', '{"name":"Zoo \\ud83e\\udd92","city":"Bern"}');
      expect(kept.status).toBe(201);
      expect(((await kept.json()) as { name: string }).name).toBe('Zoo \u{1F992}');
      const after = (await (await zoo.get('/v1/zoos?limit=100', admin)).json()) as { total: number };
      expect(after.total).toBe((before as { total: number }).total + 1);
    },
  );
});
