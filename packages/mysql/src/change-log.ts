import type { ChangeKind } from '@corral/core';
import { quoted, type ChangeLogEngine, type ChangeSql, type LogRead } from '@corral/sql';
import type { MysqlDatabase, Queryable } from './database.js';
import { countInRow } from './bookkeeping.js';
import { ensureTriggers, runDdl, type TriggerSql } from './ddl.js';
import { rowJson } from './row-json.js';

/**
 * The statements that count a change in the writer's counter row of its collection and take the
 * change's position, leaving it in `@corral_position`: the row is locked before NEXTVAL runs (an
 * UPDATE reads its row locked, then works out the new values), so that no reader can miss a
 * position taken but not yet in the log's index (see {@link changeLogTables}). The variable is
 * emptied first: a collection without counter rows fails the log's NOT NULL, never reuses a position.
 */
export function countAndNumber(collection: string, live = ''): string {
  return `SET @corral_position = NULL; ${countInRow(collection, 1, `${live}, low = (@corral_position := NEXTVAL(corral_change_positions))`)};`;
}

/**
 * The change log of a database. MariaDB has no transaction-id horizon ("every transaction older
 * than this has ended"), so the log keeps one of its own, without a row every writer holds:
 *
 * - A position comes from a sequence (`corral_change_positions`), which waits on no transaction.
 *   Positions are handed out in the order writers ask; they may commit in another order, and a
 *   unit that rolls back leaves a gap.
 * - A writer takes its position in the UPDATE that counts the change in its counter row (its
 *   connection's row of the collection, see bookkeeping.ts), and writes it there (`low`)
 *   ({@link countAndNumber}): the row is locked before NEXTVAL runs and stays locked until the
 *   writer commits or rolls back, and every position it takes is above the row's committed `low`.
 * - A reader (see {@link MysqlChangeEngine.horizon}) takes a position itself first (M: whatever
 *   was handed out before is below it), then reads the counter rows that no writer holds (a
 *   locking read that passes over locked rows), then all of them as committed. A row it was
 *   passed over has a writer at work (or a bulk write holding it), whose positions are all above
 *   the row's committed value. Below the smallest such value (and below M), every position is
 *   committed or will never be: that is the horizon, and rows are delivered only up to it, in
 *   position order. (The row's uncommitted value would not do: an UPDATE works out NEXTVAL before
 *   it writes the row's new version, so a reader could see the old value after the position was
 *   taken. A test with many writers at once found such skips.)
 *
 * Writers never wait on one another for the log (only, as before, writers of one collection whose
 * connections share a counter row). What it costs: a feed waits for the oldest unfinished logged
 * unit of work (a long one holds every feed back until it ends, as PostgreSQL's horizon does).
 *
 * The tables the store made count and number their changes in their own triggers and hand the
 * position in; a change of a table the application owns comes with none (0), and this trigger
 * counts it in the collection's revision and numbers it, so that such a write takes no statement
 * of its own for either. Creates sent in one round trip are the exception: their unit counts
 * itself once and numbers its rows (`countCreated`), where the trigger would update the counter
 * row once per row.
 */
export const changeLogTables = [
  `CREATE TABLE IF NOT EXISTS corral_changes (seq BIGINT NOT NULL PRIMARY KEY, collection VARCHAR(255) NOT NULL, id VARCHAR(255) NOT NULL,
    kind VARCHAR(16) NOT NULL, version BIGINT NULL, at BIGINT NOT NULL, data LONGTEXT NULL, previous LONGTEXT NULL)
    ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin`,
  'CREATE TABLE IF NOT EXISTS corral_changes_pruned (one TINYINT NOT NULL PRIMARY KEY, seq BIGINT NOT NULL) ENGINE=InnoDB',
];

/**
 * The sequence positions come from. Made only where missing: even `IF NOT EXISTS` waits for every
 * open unit that took a position (see runDdl), and every writer's next position behind it.
 */
const positionsSequence =
  'CREATE SEQUENCE IF NOT EXISTS corral_change_positions START WITH 1 INCREMENT BY 1 CACHE 1000 NOCYCLE';

/** Numbers a change of a table the application owns (its position 0); replaced where it differs (earlier versions numbered from a counter row). */
const numberingTrigger: TriggerSql = {
  name: 'corral_changes_numbered',
  timing: 'BEFORE',
  event: 'INSERT',
  table: 'corral_changes',
  statement: `BEGIN
    IF NEW.seq = 0 THEN ${countAndNumber('NEW.collection')} SET NEW.seq = @corral_position; END IF;
    SET NEW.at = ROUND(UNIX_TIMESTAMP(NOW(3)) * 1000);
  END`,
};

/**
 * Makes the log's tables, sequence and trigger where missing. Logs made by earlier versions
 * numbered rows from a counter row (`corral_change_counter`): positions go on above every one it
 * gave (its value, the newest row's, the last pruned). SETVAL takes a number, not an expression,
 * and never moves a sequence back. Instances of an earlier version must be stopped first: they
 * read that counter, which no longer moves.
 */
export async function prepareChangeLog(database: MysqlDatabase, on: Queryable): Promise<void> {
  for (const sql of changeLogTables) await database.query(on, sql);
  const sequence = await database.query(
    on,
    `SELECT COUNT(*) AS found FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'corral_change_positions'`,
  );
  if (Number((sequence.rows[0] as { found: unknown }).found) === 0) await runDdl(database, on, positionsSequence);
  await ensureTriggers(database, on, [numberingTrigger]);
  const counter = await database.query(
    on,
    `SELECT COUNT(*) AS found FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'corral_change_counter'`,
  );
  const earlier = Number((counter.rows[0] as { found: unknown }).found) > 0;
  const { rows } = await database.query(
    on,
    `SELECT CAST(GREATEST((SELECT COALESCE(MAX(seq), 0) FROM corral_changes), (SELECT COALESCE(MAX(seq), 0) FROM corral_changes_pruned)${
      earlier ? ', (SELECT COALESCE(MAX(seq), 0) FROM corral_change_counter)' : ''
    }) AS CHAR) AS last`,
  );
  const last = String((rows[0] as { last: unknown }).last);
  if (/^\d+$/.test(last) && last !== '0') await database.query(on, `SELECT SETVAL(corral_change_positions, ${last})`);
}

/** The log row a trigger (or a statement) appends: values are SQL expressions; the trigger numbers it. */
export function logInsert(
  collection: string,
  id: string,
  kind: ChangeKind,
  version: string,
  data: string,
  previous: string,
  position = '0',
): string {
  return `INSERT INTO corral_changes (seq, collection, id, kind, version, at, data, previous) VALUES (${position}, ${collection}, ${id}, '${kind}', ${version}, 0, ${data}, ${previous})`;
}

/**
 * How the stores' statements append to the log: MariaDB has no writable CTEs, so a table the
 * store made logs by its triggers and one the application owns by {@link ChangeSql.appendOne}
 * after each write (a lone create by `appendCreated`, in the same round trip); `appendFrom` and
 * `rowJson` (for CTEs) are never asked for.
 */
export const mysqlChangeSql: ChangeSql = {
  appendFrom: () => {
    throw new Error('@corral/mysql: MariaDB has no writable CTEs; writes are logged by triggers or after the write');
  },
  rowJson: () => {
    throw new Error('@corral/mysql: MariaDB has no writable CTEs; writes are logged by triggers or after the write');
  },
  appendOne: logInsert('?1', '?2', 'created', '?4', '?5', '?6').replace(`'created'`, '?3'),
  appendRows: (rows) =>
    `INSERT INTO corral_changes (seq, collection, id, kind, version, at, data, previous) VALUES ${rows
      .map(
        ([collection, id, kind, version, data, previous]) =>
          `(0, ${collection}, ${id}, ${kind}, ${version}, 0, ${data}, ${previous})`,
      )
      .join(', ')}`,
  // Creates in one round trip count their unit once, locking the writer's counter row as the
  // trigger would (countCreated), then number their log rows from the sequence themselves, in the
  // order they are read (MariaDB takes NEXTVAL after sorting): the trigger, which would update the
  // counter row again for every row, passes them by. Every position is taken with the row locked.
  countCreated: (collection, records) => countInRow(collection, records, ', low = NEXTVAL(corral_change_positions)'),
  appendCreated: (map, table, collection, rows) => {
    const column = (name: string) => `corral_row.${quoted(name)}`;
    const version = map.version ? column(map.version) : 'NULL';
    const { where, order } = rows(column(map.id.column));
    return `INSERT INTO corral_changes (seq, collection, id, kind, version, at, data, previous) SELECT NEXTVAL(corral_change_positions), ${collection}, ${column(map.id.column)}, 'created', ${version}, 0, ${rowJson(map, 'corral_row')}, NULL FROM ${table} AS corral_row WHERE ${where} ORDER BY ${order}`;
  },
};

const positionPattern = /^\d{1,18}$/;
/** How often a watched log's counter rows are read for other instances' and programs' writes (MariaDB has no LISTEN). */
export const pollMs = 100;

const countersSql = 'SELECT collection, shard, low FROM corral_counts';

/** The counter rows' last positions, by collection and shard, as a statement read them. */
function positionsOf(rows: readonly unknown[]): Map<string, number> {
  return new Map(
    (rows as { collection: unknown; shard: unknown; low: unknown }[]).map((row) => [
      `${String(row.shard)} ${String(row.collection)}`,
      Number(row.low),
    ]),
  );
}

/** The change log engine of a {@link MysqlDatabase}: positions are the sequence's numbers (see {@link changeLogTables}). */
export class MysqlChangeEngine implements ChangeLogEngine {
  private ready: Promise<void> | undefined;
  /** The highest horizon found so far: once every position up to it is settled, it stays so. */
  private known = 0;
  /** Whether the last horizon was held back by a writer at work (its end, even a rollback, may let it move). */
  private held = false;

  constructor(private readonly database: MysqlDatabase) {}

  /** The log's tables, made once (stores make them too, at init). */
  private prepared(): Promise<void> {
    this.ready ??= (async () => {
      const connection = await this.database.pool.getConnection();
      try {
        await prepareChangeLog(this.database, connection);
      } finally {
        connection.release();
      }
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  compare(a: string, b: string): number {
    return Number(a) - Number(b);
  }

  /**
   * The horizon (every position at or below it is committed, or never will be) and a position
   * taken just before it was worked out (every position handed out before is below that one).
   * The order of the three reads is what makes it safe: see {@link changeLogTables}.
   */
  private async horizon(): Promise<{ horizon: number; taken: number }> {
    await this.prepared();
    const { database } = this;
    const connection = await database.pool.getConnection();
    let cut = true;
    try {
      const next = await database.query(connection, 'SELECT NEXTVAL(corral_change_positions) AS taken');
      const taken = Number((next.rows[0] as { taken: unknown }).taken);
      // Rows a writer holds (locked from before its NEXTVAL until it ends) are passed over here.
      const free = positionsOf(
        (await database.query(connection, `${countersSql} LOCK IN SHARE MODE SKIP LOCKED`)).rows,
      );
      const committed = positionsOf((await database.query(connection, countersSql)).rows);
      cut = false;
      let horizon = taken - 1;
      for (const [row, low] of committed) if (!free.has(row)) horizon = Math.min(horizon, low);
      // A counter row made between the two reads: which writers it has is unknown, so no step forward.
      for (const row of free.keys()) if (!committed.has(row)) horizon = this.known;
      this.held = horizon < taken - 1;
      this.known = Math.max(this.known, horizon);
      return { horizon: this.known, taken };
    } finally {
      // A connection that failed part-way is not handed out again.
      cut ? connection.destroy() : connection.release();
    }
  }

  async current(): Promise<string> {
    return String((await this.horizon()).horizon);
  }

  /** Every position handed out so far is below the one taken now; later ones are above it. */
  async upper(): Promise<string> {
    return String((await this.horizon()).taken - 1);
  }

  /** Rows up to the horizon only, in position order: one committed late by a unit that took its position early is not passed by. */
  async read(after: string, limit: number): Promise<LogRead> {
    const { horizon, taken } = await this.horizon();
    if (!positionPattern.test(after) || Number(after) >= taken) return { reset: 'unknown', position: String(horizon) };
    const { pool } = this.database;
    const pruned = (await this.database.query(pool, 'SELECT seq FROM corral_changes_pruned WHERE one = 1')).rows[0] as
      | { seq: unknown }
      | undefined;
    if (pruned && Number(after) < Number(pruned.seq)) return { reset: 'expired', position: String(horizon) };
    const { rows } = await this.database.query(
      pool,
      'SELECT seq, collection, id, kind, version, at, data, previous FROM corral_changes WHERE seq > ?1 AND seq <= ?2 ORDER BY seq LIMIT ?3',
      [Number(after), horizon, limit],
    );
    const read = (rows as Record<string, unknown>[]).map((row) => ({
      position: String(row.seq),
      collection: String(row.collection),
      id: String(row.id),
      kind: row.kind as ChangeKind,
      version: Number(row.version ?? 0),
      at: new Date(Number(row.at)),
      row: row.data === null ? undefined : (JSON.parse(String(row.data)) as Record<string, unknown>),
      previousRow: row.previous === null ? undefined : (JSON.parse(String(row.previous)) as Record<string, unknown>),
    }));
    // A position from another instance may be past this one's horizon: never hand back an earlier one.
    const end = String(Math.max(horizon, Number(after)));
    return { rows: read, position: read.length < limit ? end : read.at(-1)!.position };
  }

  async oldest(limit: number): Promise<{ position: string; at: Date }[]> {
    await this.prepared();
    const { rows } = await this.database.query(
      this.database.pool,
      'SELECT seq, at FROM corral_changes ORDER BY seq LIMIT ?1',
      [limit],
    );
    return (rows as { seq: unknown; at: unknown }[]).map((row) => ({
      position: String(row.seq),
      at: new Date(Number(row.at)),
    }));
  }

  async dropThrough(position: string): Promise<void> {
    await this.database.atomically(undefined, async (on) => {
      await this.database.query(on, 'DELETE FROM corral_changes WHERE seq <= ?1', [Number(position)]);
      await this.database.query(
        on,
        'INSERT INTO corral_changes_pruned (one, seq) VALUES (1, ?1) ON DUPLICATE KEY UPDATE seq = GREATEST(seq, VALUES(seq))',
        [Number(position)],
      );
    });
  }

  /**
   * Without LISTEN, other instances' (and other programs') writes are noticed by reading the sum of
   * the counter rows' committed positions every {@link pollMs} (16 small rows per collection): every
   * commit that logged something moves a row forward, so the sum moves too, even for a commit that only lets the
   * horizon pass an earlier position. Up to that long before a watcher of this instance wakes; this
   * instance's own commits wake its watchers at once.
   */
  listen(wake: () => void): () => void {
    let seen: string | undefined;
    let busy = false;
    const look = () => {
      if (busy) return;
      busy = true;
      this.prepared()
        .then(() => this.database.query(this.database.pool, 'SELECT CAST(SUM(low) AS CHAR) AS sum FROM corral_counts'))
        .then(({ rows }) => {
          const now = String((rows[0] as { sum: unknown }).sum);
          // While a writer holds the horizon back, its end moves nothing here if it rolls back: look again.
          if (seen !== undefined && (now !== seen || this.held)) wake();
          seen = now;
        })
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    };
    // Read at once: a write committed before the first tick still wakes the watchers at that tick.
    look();
    const poll = setInterval(look, pollMs);
    poll.unref();
    return () => clearInterval(poll);
  }
}
