import { thingsInit, type Thing } from '@corral/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from './database.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(schemas);
});

async function start(schema: string) {
  const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
  const things = database.store<Thing>();
  await things.init?.(thingsInit);
  return { database, things };
}

describe.runIf(available)('PostgreSQL counters', () => {
  it('add up the writes of many connections at once', async () => {
    const schema = freshSchemaName('counters');
    schemas.push(schema);
    const { database, things } = await start(schema);
    const before = await things.revision();
    // Creates that meet go as one statement (create-batches.ts): they count as one write or a few.
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, n) => things.create({ name: `T${n}`, legs: n, kind: 'cat' })),
    );
    const created = (await things.revision()) - before;
    expect(created).toBeGreaterThanOrEqual(1);
    expect(created).toBeLessThanOrEqual(30);
    expect(await things.count({})).toBe(30);
    // Updates go one statement each, on as many connections as the pool holds.
    await Promise.all(made.map((record) => things.update!(record.id, { legs: 100 })));
    const after = before + created + 30;
    expect([await things.revision(), await things.count({})]).toEqual([after, 30]);
    const stale = await things.deleteAll(before);
    expect(stale).toEqual({ status: 'stale', revision: after });
    expect(await things.deleteAll(after)).toEqual({ status: 'ok', count: 30 });
    expect([await things.revision(), await things.count({})]).toEqual([after + 1, 0]);
    await database.close();
  });

  it('count each write once: the store in its own statements, any other SQL by the triggers', async () => {
    const schema = freshSchemaName('counted_once');
    schemas.push(schema);
    const { database, things } = await start(schema);
    const kept = async () => ({
      revision: await things.revision(),
      live: (await things.list({ offset: 0, limit: 1 })).total,
    });
    const before = await kept();
    const a = await things.create({ name: 'A', legs: 1, kind: 'cat' });
    await things.replace(a.id, { name: 'A2', legs: 1, kind: 'cat' });
    await things.update?.(a.id, { legs: 2 });
    const b = await things.create({ name: 'B', legs: 2, kind: 'dog' });
    await things.delete(b.id);
    expect(await kept()).toEqual({ revision: before.revision + 5, live: before.live + 1 });
    // SQL of the application's own, on the store's pool: the triggers count it, once per statement.
    const table = `"${schema}"."things"`;
    await database.pool.query(
      `INSERT INTO ${table} (name, legs, kind) SELECT 'n' || i, i, 'eel' FROM generate_series(1, 3) i`,
    );
    await database.pool.query(`UPDATE ${table} SET legs = legs + 1 WHERE kind = 'eel'`);
    await database.pool.query(`DELETE FROM ${table} WHERE name = 'n1'`);
    expect(await kept()).toEqual({ revision: before.revision + 8, live: before.live + 3 });
    expect(await things.get(b.id)).toEqual({ status: 'gone' });
    await database.close();
  });
});

describe.runIf(available)('PostgreSQL counters of a child table', () => {
  const init = (collection: string, fields: Record<string, 'string'>, extra: object = {}) => ({
    collection,
    fields,
    filterable: [],
    sortable: [],
    searchable: [],
    required: Object.keys(fields),
    nullable: [],
    enums: {},
    ...extra,
  });

  it('count rows a foreign key deletes in cascade once, with their tombstones', async () => {
    const schema = freshSchemaName('cascade_counted');
    schemas.push(schema);
    const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    const zoos = database.store<{ name: string }>();
    await zoos.init?.(init('zoos', { name: 'string' }));
    const animals = database.store<{ zooId: string; name: string }>();
    await animals.init?.(
      init(
        'animals',
        { zooId: 'string', name: 'string' },
        {
          filterable: ['zooId'],
          parentField: 'zooId',
          parent: { field: 'zooId', collection: 'zoos', store: zoos, onDelete: 'cascade' },
        },
      ),
    );
    const zoo = await zoos.create({ name: 'Berlin' });
    const kea = await animals.create({ zooId: zoo.id, name: 'Kea' });
    await animals.create({ zooId: zoo.id, name: 'Moa' });
    const kept = async () => [await animals.revision(), (await animals.list({ offset: 0, limit: 1 })).total];
    const before = await kept();
    expect(await zoos.delete(zoo.id)).toEqual({ status: 'ok' });
    // One statement of the store deleted the zoo; the cascade is another write, of the animals.
    expect(await kept()).toEqual([before[0]! + 1, before[1]! - 2]);
    expect(await animals.get(kea.id)).toEqual({ status: 'gone' });
    await database.close();
  });

  it('give each connection of the pool a shard of its own, so that its writers never share a counter row', async () => {
    const schema = freshSchemaName('shards');
    schemas.push(schema);
    const { database, things } = await start(schema);
    const held = await Promise.all(Array.from({ length: 10 }, () => database.pool.connect()));
    try {
      const shards = await Promise.all(
        held.map(
          async (client) => (await client.query(`SELECT current_setting('corral.shard') AS shard`)).rows[0].shard,
        ),
      );
      expect(new Set(shards).size).toBe(10);
    } finally {
      for (const client of held) client.release();
    }
    // Writes on those connections land on those shards and add up as before.
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, n) => things.create({ name: `S${n}`, legs: n, kind: 'dog' })),
    );
    const before = await things.revision();
    await Promise.all(made.map((record) => things.update!(record.id, { legs: 100 })));
    expect((await things.revision()) - before).toBe(20);
    await database.close();
  });
});
