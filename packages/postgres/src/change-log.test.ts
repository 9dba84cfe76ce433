import { partsInit, readChanges, thingsInit, type Part, type Thing } from '@corral/core/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresChangeEngine } from './change-log.js';
import { postgresDatabase, type PostgresOptions } from './database.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(schemas);
});

function freshSchema(label: string): string {
  const schema = freshSchemaName(`log_${label}`);
  schemas.push(schema);
  return schema;
}

async function start(schema: string, options: Partial<PostgresOptions> = {}) {
  const database = postgresDatabase({ connectionString: testDatabaseUrl, schema, ...options });
  const things = database.store<Thing>();
  await things.init?.(thingsInit);
  return { database, things, log: database.changes! };
}

/** Runs SQL as another program would (psql): a connection of its own. */
async function outside(schema: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  if (schema) await client.query(`SET search_path TO "${schema}"`);
  await client.query(sql);
  await client.end();
}

const cat: Thing = { name: 'Cat', legs: 4, kind: 'cat' };

describe.runIf(available)('PostgreSQL change log', () => {
  it('delivers a transaction that started first and committed last, after the one that committed first', async () => {
    const { database, things, log } = await start(freshSchema('overlap'));
    const start0 = await log.position();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => {
      firstWrote = resolve;
    });
    // T1 takes its xid first (it writes first) and commits last.
    const t1 = database.transaction(async (transaction) => {
      const record = await things.create({ ...cat, name: 'early' }, { transaction });
      firstWrote();
      await held;
      return record;
    });
    await wrote;
    const late = await things.create({ ...cat, name: 'late' }); // T2, committed at once
    const during = await log.read(start0, 100);
    if ('reset' in during) throw new Error('reset');
    // T2 is held back until T1 ends: delivering it now would let a reader resume past T1.
    expect(during.changes.map((change) => change.id)).not.toContain(late.id);
    release();
    const early = await t1;
    const { changes } = await readChanges(log, during.position, 2);
    expect(changes.map((change) => change.id)).toEqual([early.id, late.id]);
    await database.close();
  });

  it('is held back by a transaction elsewhere that wrote, until it ends; not by one that only read', async () => {
    const { database, things, log } = await start(freshSchema('held'));
    const elsewhere = new pg.Client({ connectionString: testDatabaseUrl });
    await elsewhere.connect();
    await elsewhere.query('BEGIN');
    await elsewhere.query('SELECT 1'); // a reader takes no transaction id: it holds nothing
    const from = await log.position();
    const read = await things.create(cat);
    const first = await readChanges(log, from, 1);
    expect(first.changes.map((change) => change.id)).toEqual([read.id]);
    await elsewhere.query('SELECT pg_current_xact_id()'); // as a write would
    const next = first.position;
    const held = await things.create(cat);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await log.read(next, 10);
    const ended = Date.now();
    await elsewhere.query('ROLLBACK');
    expect('changes' in during && during.changes).toEqual([]);
    const after = await readChanges(log, next, 1);
    expect(after.changes.map((change) => change.id)).toEqual([held.id]);
    expect(Date.now() - ended).toBeLessThan(5000);
    await elsewhere.end();
    await database.close();
  });

  it('logs SQL from another program on a table the store made, with the row before', async () => {
    const schema = freshSchema('outside');
    const { database, things, log } = await start(schema);
    const before = await log.position();
    const record = await things.create(cat);
    // A position may come before writes already made (another transaction on the server holds it): read past them.
    const { position: from } = await readChanges(log, before, 1);
    await outside(schema, `UPDATE things SET legs = 7 WHERE id = ${Number(record.id)}`);
    await outside(schema, `INSERT INTO things (name, legs, kind) VALUES ('Psql', 2, 'dog')`);
    await outside(schema, `DELETE FROM things WHERE name = 'Psql'`);
    const { changes } = await readChanges(log, from, 3);
    expect(changes.map((change) => change.kind)).toEqual(['updated', 'created', 'deleted']);
    expect(changes[0]).toMatchObject({
      id: record.id,
      version: record.version + 1,
      data: { legs: 7 },
      previous: { legs: 4 },
    });
    expect(changes[1]!.data).toMatchObject({ name: 'Psql', legs: 2, kind: 'dog' });
    expect(changes[2]!.previous).toMatchObject({ name: 'Psql' });
    const got = await things.get(record.id);
    expect(got.status === 'found' && got.record.version).toBe(changes[0]!.version);
    await database.close();
  });

  it('logs each row a TRUNCATE by another program removes as deleted, and leaves their tombstones', async () => {
    const schema = freshSchema('truncate');
    const { database, things, log } = await start(schema);
    const before = await log.position();
    const kept = [await things.create(cat), await things.create({ ...cat, name: 'Lynx' })];
    const { position: from } = await readChanges(log, before, 2);
    const revision = await things.revision();
    await outside(schema, 'TRUNCATE things');
    const { changes } = await readChanges(log, from, 2);
    expect(changes.map((change) => `${change.kind} ${change.id} ${change.previous?.name}`).sort()).toEqual(
      [`deleted ${kept[0]!.id} Cat`, `deleted ${kept[1]!.id} Lynx`].sort(),
    );
    expect((await things.get(kept[0]!.id)).status).toBe('gone');
    expect((await things.list({ offset: 0, limit: 10 })).total).toBe(0);
    expect(await things.revision()).not.toBe(revision);
    await database.close();
  });

  it('logs the rows a foreign key deletes in cascade', async () => {
    const { database, things, log } = await start(freshSchema('cascade'));
    const parts = database.store<Part>();
    await parts.init?.(partsInit(things));
    const before = await log.position();
    const thing = await things.create(cat);
    const a = await parts.create({ thingId: thing.id, label: 'tail' });
    const b = await parts.create({ thingId: thing.id, label: 'ear' });
    const { position: from } = await readChanges(log, before, 3);
    await things.delete(thing.id);
    const { changes } = await readChanges(log, from, 3);
    expect(changes.map((change) => `${change.collection} ${change.kind} ${change.id}`).sort()).toEqual(
      [`parts deleted ${a.id}`, `parts deleted ${b.id}`, `things deleted ${thing.id}`].sort(),
    );
    expect(changes.find((change) => change.collection === 'parts' && change.id === a.id)?.previous).toEqual({
      thingId: thing.id,
      label: 'tail',
    });
    await database.close();
  });

  for (const changeTriggers of [false, true])
    it(`on a table the application owns logs API writes, and other programs' only with changeTriggers (${changeTriggers})`, async () => {
      const schema = freshSchema(`owned_${changeTriggers}`);
      await outside(
        '',
        `CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".pets (pet_id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, name text NOT NULL, legs int NOT NULL, kind text NOT NULL, wild boolean, tags jsonb)`,
      );
      const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
      const things = database.store<Thing>({ table: 'pets', id: 'pet_id', changeTriggers });
      await things.init?.(thingsInit);
      const log = database.changes!;
      const from = await log.position();
      const own = await things.create(cat);
      await things.update!(own.id, { legs: 3 });
      await outside(schema, `INSERT INTO pets (name, legs, kind) VALUES ('Psql', 2, 'dog')`);
      const marker = await things.create({ ...cat, name: 'marker' });
      const { changes } = await readChanges(log, from, changeTriggers ? 4 : 3);
      expect(changes.map((change) => `${change.kind} ${change.data?.name}`)).toEqual([
        'created Cat',
        'updated Cat',
        ...(changeTriggers ? ['created Psql'] : []),
        'created marker',
      ]);
      expect(changes.at(-1)!.id).toBe(marker.id);
      // Creates sent together share a statement and its log row (versions here: the writing transaction's id).
      const together = await Promise.all(['A', 'B', 'C'].map((name) => things.create({ ...cat, name })));
      const more = await readChanges(log, changes.at(-1)!.position, 3);
      expect(more.changes.map((change) => [change.id, change.version, change.data?.name]).sort()).toEqual(
        together.map((record) => [record.id, record.version, record.data.name]).sort(),
      );
      await database.close();
    });

  it('starts, twice, on a table another role owns with only the TRIGGER privilege on it, and logs its writes', async () => {
    const schema = freshSchema('owned_other_role');
    const role = `corral_probe_${process.pid}_${Date.now().toString(36)}`;
    await outside(
      '',
      `CREATE ROLE ${role} LOGIN; CREATE SCHEMA "${schema}"; GRANT USAGE, CREATE ON SCHEMA "${schema}" TO ${role};
      CREATE TABLE "${schema}".pets (pet_id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, name text NOT NULL, legs int NOT NULL, kind text NOT NULL, wild boolean, tags jsonb);
      GRANT SELECT, INSERT, UPDATE, DELETE, TRIGGER ON "${schema}".pets TO ${role}; GRANT USAGE ON ALL SEQUENCES IN SCHEMA "${schema}" TO ${role}`,
    );
    const url = new URL(testDatabaseUrl);
    url.username = role;
    url.password = '';
    try {
      for (const name of ['first', 'second']) {
        // Ownership would be needed to comment on the trigger or to enable it: start-up asks for neither.
        const database = postgresDatabase({ connectionString: url.href, schema });
        const things = database.store<Thing>({ table: 'pets', id: 'pet_id', changeTriggers: true });
        await things.init?.(thingsInit);
        const log = database.changes!;
        const from = await log.position();
        await outside(schema, `INSERT INTO pets (name, legs, kind) VALUES ('${name}', 2, 'dog')`);
        const { changes } = await readChanges(log, from, 1);
        expect(changes.map((change) => change.data?.name)).toEqual([name]);
        await database.close();
      }
    } finally {
      await outside('', `DROP SCHEMA "${schema}" CASCADE; DROP OWNED BY ${role}; DROP ROLE ${role}`);
    }
  });

  it('wakes a second database object on the same schema through a notification after commit', async () => {
    const schema = freshSchema('notify');
    const first = await start(schema);
    const second = await start(schema);
    const listener = new pg.Client({ connectionString: testDatabaseUrl });
    await listener.connect();
    const notified = new Promise<void>((resolve) => listener.on('notification', () => resolve()));
    await listener.query(`LISTEN "corral_changes_${schema}"`);
    let wakes = 0;
    const stop = second.log.watch(() => wakes++);
    // Its LISTEN is in place, and the writer's look at who listens (kept a second) has seen it.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const from = await second.log.position();
    const before = wakes;
    const record = await first.things.create(cat);
    await notified;
    const until = Date.now() + 1000;
    while (wakes === before && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(wakes).toBeGreaterThan(before);
    const { changes } = await readChanges(second.log, from, 1);
    expect(changes.map((change) => change.id)).toEqual([record.id]);
    stop();
    await listener.end();
    await first.database.close();
    await second.database.close();
  });

  it('notifies only while another instance listens on the schema', async () => {
    const schema = freshSchema('notify_nobody');
    const { database, things } = await start(schema);
    const engine = new PostgresChangeEngine(database);
    // A client on the channel that is not an instance's listener: writes do not notify for it.
    const bystander = new pg.Client({ connectionString: testDatabaseUrl });
    await bystander.connect();
    let notifications = 0;
    bystander.on('notification', () => notifications++);
    await bystander.query(`LISTEN "corral_changes_${schema}"`);
    await things.create(cat);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await things.create(cat);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(notifications).toBe(0);
    // Named as an instance's listener is, it is found within the second the answer is kept.
    await bystander.query(`SELECT set_config('application_name', $1, false)`, [engine.listenerName]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await things.create(cat);
    const until = Date.now() + 2000;
    while (notifications === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(notifications).toBeGreaterThan(0);
    await bystander.end();
    await database.close();
  });

  it('prunes what is older than the retention, answers expired before it, and keeps what a hold needs', async () => {
    const { database, things, log } = await start(freshSchema('retention'), { changeRetention: 50 });
    const start0 = await log.position();
    const a = await things.create(cat);
    const { position: afterA } = await readChanges(log, start0, 1);
    await things.create({ ...cat, name: 'B' });
    await readChanges(log, afterA, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A hold at afterA keeps B: only A may go.
    const letGo = database.holdChanges(async () => afterA);
    await log.prune();
    expect(await log.read(start0, 10)).toMatchObject({ reset: 'expired' });
    const kept = await readChanges(log, afterA, 1);
    expect(kept.changes.map((change) => change.data?.name)).toEqual(['B']);
    letGo();
    await log.prune();
    expect(await log.read(afterA, 10)).toMatchObject({ reset: 'expired' });
    expect(await log.read(kept.position, 10)).toMatchObject({ changes: [] });
    expect(a.id).toBeTruthy();
    await database.close();
  });

  it('writes each change in the write statement itself, and none with changeLog: false', async () => {
    const schema = freshSchema('off');
    const { database, things } = await start(schema, { changeLog: false });
    expect(database.changes).toBeUndefined();
    await things.create(cat);
    await database.close();
    const on = await start(schema);
    const statements: string[] = [];
    const query = on.database.query.bind(on.database);
    on.database.query = (target, text, values, how) => {
      statements.push(text);
      return query(target, text, values, how);
    };
    const record = await on.things.create(cat);
    await on.things.update!(record.id, { legs: 2 });
    await on.things.delete(record.id);
    expect(statements).toHaveLength(3);
    await on.database.close();
  });
  it('keeps the creates of one statement in one row, and gives each its own position to resume from', async () => {
    const schema = freshSchema('batched');
    const { database, things, log } = await start(schema);
    const from = await log.position();
    // Creates sent together go to the database together (see CreateBatches): statements of several.
    const created = await Promise.all(Array.from({ length: 24 }, (_, i) => things.create({ ...cat, name: `n${i}` })));
    const sizes = await database.pool.query(
      `SELECT coalesce(cardinality(ids), 1) AS size FROM "${schema}".corral_changes ORDER BY xid, seq`,
    );
    const counts = sizes.rows.map((row) => Number(row.size));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(24);
    expect(Math.max(...counts)).toBeGreaterThan(1);
    const { changes } = await readChanges(log, from, 24);
    expect(changes.map((change) => change.id).sort()).toEqual(created.map((record) => record.id).sort());
    for (const change of changes) {
      const record = created.find((one) => one.id === change.id)!;
      expect(change).toMatchObject({ kind: 'created', version: record.version, data: record.data });
    }
    // Positions are distinct and ordered; resuming from each gives exactly the changes after it.
    const positions = changes.map((change) => change.position);
    expect(positions.some((position) => /^\d+-\d+-\d+$/.test(position))).toBe(true);
    for (let i = 1; i < positions.length; i++) expect(log.before(positions[i - 1]!, positions[i]!)).toBe(true);
    for (let i = 0; i < positions.length; i++) {
      const rest = await readChanges(log, positions[i]!, 24 - i - 1, 0);
      expect(rest.changes.map((change) => change.id)).toEqual(changes.slice(i + 1).map((change) => change.id));
    }
    // Small reads of the rest of a row pick up where the last one ended.
    const one = await log.read(from, 1);
    if ('reset' in one) throw new Error('reset');
    expect(one.changes.length).toBeGreaterThan(0);
    await database.close();
  });

  it('keeps a row of several creates while a hold needs a change within it', async () => {
    const schema = freshSchema('batched_hold');
    const { database, things, log } = await start(schema, { changeRetention: 50 });
    const from = await log.position();
    await Promise.all(Array.from({ length: 12 }, (_, i) => things.create({ ...cat, name: `n${i}` })));
    const { changes } = await readChanges(log, from, 12);
    const within = changes.find((change) => /-0$/.test(change.position) && change.position.split('-').length === 3)!;
    expect(within).toBeDefined();
    const after = changes.slice(changes.indexOf(within) + 1).map((change) => change.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const letGo = database.holdChanges(async () => within.position);
    await log.prune();
    const kept = await readChanges(log, within.position, after.length, 0);
    expect(kept.changes.map((change) => change.id)).toEqual(after);
    letGo();
    await log.prune();
    expect(await log.read(within.position, 10)).toMatchObject({ reset: 'expired' });
    await database.close();
  });

  it('adds the columns of shared rows to a log made before them, and still reads its rows', async () => {
    const schema = freshSchema('old_log');
    await outside(
      '',
      `CREATE SCHEMA "${schema}";
      CREATE SEQUENCE "${schema}".corral_change_seq CACHE 32;
      CREATE TABLE "${schema}".corral_changes (xid xid8 NOT NULL DEFAULT pg_current_xact_id(), seq bigint NOT NULL DEFAULT nextval('"${schema}".corral_change_seq'), collection text NOT NULL, id text NOT NULL, kind text NOT NULL, version bigint, at timestamptz NOT NULL DEFAULT now(), data jsonb, previous jsonb, PRIMARY KEY (xid, seq));`,
    );
    const { database, things, log } = await start(schema);
    const from = await log.position();
    await database.pool.query(
      `INSERT INTO "${schema}".corral_changes (collection, id, kind, version, data) VALUES ('things', '1', 'updated', 2, '{"id": 1}')`,
    );
    const statements: string[] = [];
    const query = database.query.bind(database);
    database.query = (target, text, values, how) => {
      statements.push(text);
      return query(target, text, values, how);
    };
    const created = await Promise.all([
      things.create(cat),
      things.create({ ...cat, name: 'B' }),
      things.create({ ...cat, name: 'C' }),
    ]);
    // Its columns stay jsonb, and the writes build jsonb for them: nothing is converted.
    const updated = await things.update!(created[0]!.id, { legs: 3, tags: ['a'] });
    await things.delete(created[1]!.id);
    const { changes } = await readChanges(log, from, 6);
    expect(changes[0]).toMatchObject({ id: '1', kind: 'updated', version: 2 });
    expect(
      changes
        .slice(1, 4)
        .map((change) => change.data?.name)
        .sort(),
    ).toEqual(['B', 'C', 'Cat']);
    expect(updated.status).toBe('ok');
    expect(changes[4]).toMatchObject({
      kind: 'updated',
      data: { ...cat, legs: 3, tags: ['a'] },
      previous: cat,
    });
    expect(changes[5]).toMatchObject({ kind: 'deleted', id: created[1]!.id, previous: { ...cat, name: 'B' } });
    const types = await database.pool.query(
      `SELECT attname, format_type(atttypid, NULL) AS type FROM pg_attribute WHERE attrelid = '"${schema}".corral_changes'::regclass AND attname IN ('data', 'previous') ORDER BY attname`,
    );
    expect(types.rows).toEqual([
      { attname: 'data', type: 'jsonb' },
      { attname: 'previous', type: 'jsonb' },
    ]);
    const logged = statements.filter((text) => text.includes('corral_changes'));
    expect(logged.length).toBeGreaterThan(1);
    for (const text of logged) expect(text).not.toMatch(/row_to_json|json_agg\(|json_build_object/);
    expect(logged.join('\n')).toMatch(/to_jsonb|jsonb_agg|jsonb_build_object/);
    await database.close();
  });

  it('keeps the records of a new log as json text, compressed with lz4 where the server has it', async () => {
    const schema = freshSchema('json_log');
    const { database, things, log } = await start(schema);
    const from = await log.position();
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        things.create({ ...cat, name: `n${i}`, wild: i % 2 === 0, tags: ['x', `${i}`] }),
      ),
    );
    const updated = await things.update!(created[0]!.id, { legs: 3 });
    await things.delete(created[1]!.id);
    const { changes } = await readChanges(log, from, 42);
    for (const record of created)
      expect(changes.find((change) => change.id === record.id && change.kind === 'created')?.data).toEqual(record.data);
    expect(updated.status === 'ok' && changes[40]).toMatchObject({
      kind: 'updated',
      data: { ...created[0]!.data, legs: 3 },
      previous: created[0]!.data,
    });
    expect(changes[41]).toMatchObject({ kind: 'deleted', previous: created[1]!.data });
    const columns = await database.pool.query(
      `SELECT attname, format_type(atttypid, NULL) AS type, attcompression AS compression FROM pg_attribute WHERE attrelid = '"${schema}".corral_changes'::regclass AND attname IN ('data', 'previous') ORDER BY attname`,
    );
    // Setting lz4 as the default fails where the server was built without it.
    const lz4 = await database.pool.query(`SELECT set_config('default_toast_compression', 'lz4', true)`).then(
      () => true,
      () => false,
    );
    for (const column of columns.rows) {
      expect(column.type).toBe('json');
      expect(column.compression).toBe(lz4 ? 'l' : '');
    }
    await database.close();
  });

  it('logs an update of a record with more fields than one json_build_object takes', async () => {
    const schema = freshSchema('wide');
    const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    const names = Array.from({ length: 70 }, (_, i) => `f${i}`);
    const wide = database.store<Record<string, number>>();
    await wide.init?.({
      collection: 'wides',
      fields: Object.fromEntries(names.map((name) => [name, 'integer' as const])),
      filterable: [],
      sortable: [],
      searchable: [],
      required: [],
      nullable: [],
      enums: {},
    });
    const log = database.changes!;
    const before = Object.fromEntries(names.map((name, i) => [name, i]));
    const from = await log.position();
    const created = await wide.create(before);
    const updated = await wide.update!(created.id, { f69: -1 });
    const { changes } = await readChanges(log, from, 2);
    expect(updated.status).toBe('ok');
    expect(changes.map((change) => change.kind)).toEqual(['created', 'updated']);
    expect(changes[1]).toMatchObject({ data: { ...before, f69: -1 }, previous: before });
    await database.close();
  });

  it('answers a reset, not an error, for a position past what xid8 and bigint hold', async () => {
    const { database, log } = await start(freshSchema('huge'));
    for (const position of ['99999999999999999999-0', '1-99999999999999999999', '18446744073709551616-1'])
      expect(await log.read(position, 10)).toMatchObject({ reset: 'unknown' });
    await database.close();
  });
  it('listens again on one connection when the LISTEN connection dies during its LISTEN', async () => {
    const { database } = await start(freshSchema('relisten'));
    const engine = new PostgresChangeEngine(database);
    const pool = database.pool;
    const connect = pool.connect.bind(pool);
    let connects = 0;
    let failed = false;
    (pool as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
      connects++;
      const client = await connect();
      if (failed) return client;
      failed = true;
      const query = client.query.bind(client);
      // The first LISTEN meets a connection that dies: the error event, then the query fails.
      (client as { query: unknown }).query = async () => {
        client.emit('error', new Error('connection cut'));
        (client as { query: unknown }).query = query;
        throw new Error('connection cut');
      };
      return client;
    };
    const stop = engine.listen(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    stop();
    expect(connects).toBe(2);
    await database.close();
  });
});
