import { ApiError } from '@corral/core';
import { thingsInit, type Thing } from '@corral/core/testing';
import { describe, expect, it } from 'vitest';
import { mysqlDatabase, type MysqlDatabase } from './database.js';
import { testDatabases } from './testing/databases.js';
import { mysqlServerAvailable, outsideConnection } from './testing/server.js';

const available = await mysqlServerAvailable();
const databases = testDatabases();

/** A table an application made for things, its key declared by `key`. */
const creatures = (key: string) =>
  `CREATE TABLE creatures (${key}, full_name VARCHAR(200) NOT NULL UNIQUE, legs SMALLINT NOT NULL CHECK (legs < 100),
    kind ENUM('eel', 'dog', 'cat', 'bird') NOT NULL, wild BOOLEAN, tags JSON)`;
const autoIncrement = 'creature_no INT NOT NULL AUTO_INCREMENT PRIMARY KEY';

/**
 * The commands the pool's connections send from now on, a round trip each (the connections are
 * made lazily, after this is set up): their SQL, a statement being prepared as `PREPARE <sql>`
 * (mysql2 queues a Prepare before each execute, and sends it only for a text not yet prepared).
 */
function commandsOf(database: MysqlDatabase): string[] {
  const sent: string[] = [];
  (database.pool as unknown as { pool: NodeJS.EventEmitter }).pool.on('connection', (connection) => {
    const add = connection.addCommand.bind(connection) as (command: object) => unknown;
    const prepared = (options: object) =>
      connection._statements.get(connection.constructor.statementKey(options)) !== undefined;
    connection.addCommand = (command: { sql?: string; query?: string; options?: object }) => {
      const kind = command.constructor.name;
      if (kind !== 'Prepare') sent.push(command.sql ?? kind);
      else if (!prepared(command.options!)) sent.push(`PREPARE ${command.query}`);
      return add(command);
    };
  });
  return sent;
}

async function start(key: string, options: { poolSize?: number; table?: string } = {}) {
  const { name, url } = await databases.make('lone');
  await databases.outside(name, options.table ?? creatures(key));
  const database = mysqlDatabase({ connectionString: url, poolSize: options.poolSize ?? 1 });
  const commands = commandsOf(database);
  const things = database.store<Thing>({ table: 'creatures', id: 'creature_no', columns: { name: 'full_name' } });
  await things.init?.(thingsInit);
  return { name, database, things, commands, log: database.changes! };
}

/** The changes after `position`, as kind, id and data. */
async function changesAfter(log: NonNullable<MysqlDatabase['changes']>, position: string) {
  const batch = await log.read(position, 100);
  if (!('changes' in batch)) throw new Error('the log was reset');
  return batch.changes.map((change) => [change.kind, change.id, change.data, change.version]);
}

const rex: Thing = { name: 'Rex', legs: 4, kind: 'dog', wild: false, tags: ['good'] };

describe.runIf(available)('MariaDB creates on a table the application owns, outside any unit of work', () => {
  it('go in one round trip: the row, its revision count and its log row, committed together', async () => {
    const { database, things, commands, log } = await start(autoIncrement);
    try {
      // The first create prepares the statement on the pool's one connection.
      await things.create({ name: 'First', legs: 1, kind: 'cat' });
      const position = await log.position({ fresh: true });
      const revision = await things.revision!();
      commands.length = 0;
      const created = await things.create(rex);
      expect(commands).toHaveLength(1);
      expect(commands[0]).toMatch(/^BEGIN NOT ATOMIC START TRANSACTION; .*INSERT INTO "creatures".*; COMMIT; END$/s);
      expect(created.data).toEqual(rex);
      expect(await changesAfter(log, position)).toEqual([['created', created.id, rex, created.version]]);
      expect(await things.revision!()).toBe(revision + 1);
      const got = await things.get(created.id);
      expect(got.status === 'found' && got.record).toEqual(created);
    } finally {
      await database.close();
    }
  });

  it('find the row by the id the store gave, where the key column has no default', async () => {
    const { database, things, commands, log } = await start('creature_no VARCHAR(64) NOT NULL PRIMARY KEY');
    try {
      await things.create({ name: 'First', legs: 1, kind: 'cat' });
      const position = await log.position({ fresh: true });
      commands.length = 0;
      const created = await things.create(rex);
      expect(commands).toHaveLength(1);
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await changesAfter(log, position)).toEqual([['created', created.id, rex, created.version]]);
    } finally {
      await database.close();
    }
  });

  it('wait for the INSERT where the database gives the id by a default it cannot name afterwards (UUID())', async () => {
    const { database, things, commands, log } = await start('creature_no UUID NOT NULL DEFAULT UUID() PRIMARY KEY');
    try {
      const position = await log.position({ fresh: true });
      commands.length = 0;
      const created = await things.create(rex);
      expect(commands[0]).toBe('START TRANSACTION');
      expect(await changesAfter(log, position)).toEqual([['created', created.id, rex, created.version]]);
    } finally {
      await database.close();
    }
  });

  it("keep nothing when the application's trigger gives the row another id, and make the create the other way", async () => {
    const { name, database, things, commands, log } = await start(autoIncrement);
    try {
      await databases.outside(
        name,
        'CREATE TRIGGER numbered BEFORE INSERT ON creatures FOR EACH ROW SET NEW.creature_no = 1000 + (SELECT count(*) FROM creatures)',
      );
      const position = await log.position({ fresh: true });
      commands.length = 0;
      const first = await things.create(rex);
      const second = await things.create({ name: 'Tom', legs: 4, kind: 'cat' });
      expect([first.id, second.id]).toEqual(['1000', '1001']);
      expect(commands.filter((sql) => sql.startsWith('BEGIN NOT ATOMIC START TRANSACTION'))).toHaveLength(1);
      expect((await changesAfter(log, position)).map(([kind, id]) => [kind, id])).toEqual([
        ['created', '1000'],
        ['created', '1001'],
      ]);
      const rows = await databases.outside(name, 'SELECT creature_no FROM creatures ORDER BY creature_no');
      expect(rows.map((row) => row.creature_no)).toEqual([1000, 1001]);
    } finally {
      await database.close();
    }
  });

  it('refuse a taken value and a broken check as a create in a unit of work does, keeping nothing', async () => {
    const { name, database, things, log } = await start(autoIncrement);
    try {
      await things.create(rex);
      const position = await log.position({ fresh: true });
      const refusal = (error: unknown) => {
        const { status, codeName, message, fieldErrors } = error as ApiError;
        return { status, codeName, message, fieldErrors };
      };
      for (const data of [rex, { ...rex, name: 'Leggy', legs: 200 }]) {
        const alone = await things.create(data).catch((error: unknown) => error);
        const inUnit = await database
          .transaction((transaction) => things.create(data, { transaction }))
          .catch((error: unknown) => error);
        expect(alone).toBeInstanceOf(ApiError);
        expect(refusal(alone)).toEqual(refusal(inUnit));
      }
      expect(refusal(await things.create(rex).catch((error: unknown) => error))).toMatchObject({
        status: 409,
        fieldErrors: [{ field: 'name' }],
      });
      // The unit was rolled back: the pool's one connection serves the next create.
      const later = await things.create({ name: 'Later', legs: 2, kind: 'eel' });
      expect(await changesAfter(log, position)).toEqual([['created', later.id, later.data, later.version]]);
      const rows = await databases.outside(name, 'SELECT full_name FROM creatures ORDER BY creature_no');
      expect(rows.map((row) => row.full_name)).toEqual(['Rex', 'Later']);
    } finally {
      await database.close();
    }
  });

  it('are rolled back and run again after a lock wait timeout (1205), written once', async () => {
    const { name, database, things, commands, log } = await start(autoIncrement);
    const holder = await outsideConnection(name);
    try {
      await things.create({ name: 'First', legs: 1, kind: 'cat' });
      const connection = await database.pool.getConnection();
      await connection.query('SET SESSION innodb_lock_wait_timeout = 1');
      connection.release();
      const position = await log.position({ fresh: true });
      // Another program holds the collection's counter rows a while.
      await holder.query(`START TRANSACTION; SELECT * FROM corral_counts WHERE collection = 'things' FOR UPDATE`);
      const released = new Promise((resolve) => setTimeout(resolve, 2500)).then(() => holder.query('COMMIT'));
      commands.length = 0;
      const created = await things.create(rex);
      await released;
      expect(commands.filter((sql) => sql.startsWith('BEGIN NOT ATOMIC')).length).toBeGreaterThan(1);
      expect(await changesAfter(log, position)).toEqual([['created', created.id, rex, created.version]]);
      const rows = await databases.outside(name, `SELECT count(*) AS n FROM creatures WHERE full_name = 'Rex'`);
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      await holder.end();
      await database.close();
    }
  });

  it('answer writeOutcomeUnknown when the connection is cut after the unit was sent, and keep nothing of it', async () => {
    const { name, database, things, log } = await start(autoIncrement);
    const holder = await outsideConnection(name);
    try {
      await things.create({ name: 'First', legs: 1, kind: 'cat' });
      const position = await log.position({ fresh: true });
      await holder.query(`START TRANSACTION; SELECT * FROM corral_counts WHERE collection = 'things' FOR UPDATE`);
      const create = things.create(rex).catch((error: unknown) => error);
      // The unit waits for its counter row; its connection is then killed.
      let waiting: { id: number } | undefined;
      while (!waiting) {
        const [rows] = await holder.query(
          `SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID() AND COMMAND <> 'Sleep'`,
          [name],
        );
        waiting = (rows as { id: number }[])[0];
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await holder.query(`KILL CONNECTION ${Number(waiting.id)}`);
      const failure = await create;
      expect(failure).toBeInstanceOf(ApiError);
      expect([(failure as ApiError).status, (failure as ApiError).codeName]).toEqual([503, 'writeOutcomeUnknown']);
      await holder.query('COMMIT');
      expect(await changesAfter(log, position)).toEqual([]);
      expect(await databases.outside(name, `SELECT 1 FROM creatures WHERE full_name = 'Rex'`)).toEqual([]);
      // The cut connection was not handed out again.
      expect((await things.create(rex)).data).toEqual(rex);
    } finally {
      await holder.end();
      await database.close();
    }
  });

  it('go one statement after another in a unit where the server has no anonymous blocks (MySQL)', async () => {
    const { database, things, commands, log } = await start(autoIncrement);
    try {
      await things.create({ name: 'First', legs: 1, kind: 'cat' });
      // As mysql2 notes a MySQL server at the handshake.
      (
        database.pool as unknown as { pool: { _allConnections: { toArray(): { _isMariaDB: boolean }[] } } }
      ).pool._allConnections
        .toArray()
        .forEach((connection) => {
          connection._isMariaDB = false;
        });
      const position = await log.position({ fresh: true });
      commands.length = 0;
      const created = await things.create(rex);
      const sent = commands.filter((sql) => !sql.startsWith('PREPARE'));
      expect(sent.map((sql) => sql.split(' ').slice(0, 3).join(' '))).toEqual([
        'START TRANSACTION',
        'DO LAST_INSERT_ID(0)',
        'INSERT INTO "creatures"',
        // The unit counted once, its counter row locked before the log rows take their positions.
        'UPDATE corral_counts SET',
        'INSERT INTO corral_changes',
        'COMMIT',
      ]);
      expect(await changesAfter(log, position)).toEqual([['created', created.id, rex, created.version]]);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(available)('MariaDB creates on a table the application owns that meet in one turn', () => {
  const names = ['A', 'B', 'C', 'D', 'E'];
  const many = (things: Awaited<ReturnType<typeof start>>['things']) =>
    Promise.all(names.map((name, i) => things.create({ name, legs: i, kind: 'cat' })));

  it('go as one unit in one round trip, each record and log row in the order they came', async () => {
    const { database, things, commands, log } = await start(autoIncrement);
    try {
      await many(things);
      const position = await log.position({ fresh: true });
      const revision = await things.revision!();
      commands.length = 0;
      const records = await Promise.all(names.map((name) => things.create({ name: `${name}2`, legs: 1, kind: 'dog' })));
      expect(commands).toHaveLength(1);
      expect(records.map((record) => record.data.name)).toEqual(names.map((name) => `${name}2`));
      expect(records.map((record) => Number(record.id))).toEqual([6, 7, 8, 9, 10]);
      expect(await changesAfter(log, position)).toEqual(
        records.map((record) => ['created', record.id, record.data, record.version]),
      );
      expect(await things.revision!()).toBe(revision + names.length);
    } finally {
      await database.close();
    }
  });

  it('find ids the store gave in the order of the records', async () => {
    const { database, things, commands, log } = await start('creature_no VARCHAR(64) NOT NULL PRIMARY KEY');
    try {
      await many(things);
      const position = await log.position({ fresh: true });
      commands.length = 0;
      const records = await Promise.all(names.map((name) => things.create({ name: `${name}2`, legs: 1, kind: 'dog' })));
      expect(commands).toHaveLength(1);
      expect((await changesAfter(log, position)).map(([, id]) => id)).toEqual(records.map((record) => record.id));
    } finally {
      await database.close();
    }
  });

  it('find AUTO_INCREMENT ids that step by more than one', async () => {
    const { database, things, commands, log } = await start(autoIncrement);
    try {
      const connection = await database.pool.getConnection();
      await connection.query('SET SESSION auto_increment_increment = 3');
      connection.release();
      const position = await log.position({ fresh: true });
      commands.length = 0;
      const records = await many(things);
      expect(commands.filter((sql) => !sql.startsWith('PREPARE'))).toHaveLength(1);
      expect(records.map((record) => Number(record.id))).toEqual([1, 4, 7, 10, 13]);
      expect((await changesAfter(log, position)).map(([, id, data]) => [id, data])).toEqual(
        records.map((record) => [record.id, record.data]),
      );
    } finally {
      await database.close();
    }
  });

  it('refuse only the record that breaks a rule: the others are written alone', async () => {
    const { name, database, things, log } = await start(autoIncrement);
    try {
      await things.create(rex);
      const position = await log.position({ fresh: true });
      const outcomes = await Promise.allSettled(
        ['A', 'Rex', 'B'].map((name) => things.create({ name, legs: 2, kind: 'dog' })),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(((outcomes[1] as PromiseRejectedResult).reason as ApiError).status).toBe(409);
      const rows = await databases.outside(name, 'SELECT full_name FROM creatures ORDER BY full_name');
      expect(rows.map((row) => row.full_name)).toEqual(['A', 'B', 'Rex']);
      expect((await changesAfter(log, position)).map(([, , data]) => (data as { name: string }).name).sort()).toEqual([
        'A',
        'B',
      ]);
    } finally {
      await database.close();
    }
  });
});
