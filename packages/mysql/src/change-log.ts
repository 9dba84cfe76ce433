import type { ChangeKind } from '@corral/core';
import { quoted, type ChangeLogEngine, type ChangeSql, type LogRead } from '@corral/sql';
import type { MysqlDatabase } from './database.js';
import { rowJson } from './row-json.js';

/**
 * The change log of a database. MariaDB has no transaction-id horizon to deliver "every
 * transaction older than this has ended", so positions are handed out in commit order instead:
 * a BEFORE INSERT trigger on the log takes the next number from a one-row counter, whose row lock
 * the writing transaction then holds until it commits or rolls back. A second writer waits for the
 * first to end before it gets its number, so numbers become visible in order, and one rolled back
 * is taken again by the next writer: a reader that saw N has seen everything up to N (no gaps).
 * The cost: transactions that write logged rows commit one at a time (see docs/databases.md).
 *
 * The same trigger counts each change of a table the application owns in its collection's revision
 * (a revision row without a live count, see bookkeeping.ts), so that such a write takes no statement
 * of its own for it; it takes the revision row before the counter, as every other writer does.
 */
export const changeLogTables = [
  `CREATE TABLE IF NOT EXISTS corral_changes (seq BIGINT NOT NULL PRIMARY KEY, collection VARCHAR(255) NOT NULL, id VARCHAR(255) NOT NULL,
    kind VARCHAR(16) NOT NULL, version BIGINT NULL, at BIGINT NOT NULL, data LONGTEXT NULL, previous LONGTEXT NULL)
    ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin`,
  'CREATE TABLE IF NOT EXISTS corral_change_counter (one TINYINT NOT NULL PRIMARY KEY, seq BIGINT NOT NULL) ENGINE=InnoDB',
  'INSERT IGNORE INTO corral_change_counter (one, seq) VALUES (1, 0)',
  'CREATE TABLE IF NOT EXISTS corral_changes_pruned (one TINYINT NOT NULL PRIMARY KEY, seq BIGINT NOT NULL) ENGINE=InnoDB',
  // Replaced at start: databases made by earlier versions have a trigger that counts no revision.
  `CREATE OR REPLACE TRIGGER corral_changes_numbered BEFORE INSERT ON corral_changes FOR EACH ROW BEGIN
    UPDATE corral_revisions SET revision = revision + 1 WHERE collection = NEW.collection AND live IS NULL;
    UPDATE corral_change_counter SET seq = seq + 1 WHERE one = 1;
    SET NEW.seq = (SELECT seq FROM corral_change_counter WHERE one = 1);
    SET NEW.at = ROUND(UNIX_TIMESTAMP(NOW(3)) * 1000);
  END`,
];

/** The log row a trigger (or a statement) appends: values are SQL expressions; the trigger numbers it. */
export function logInsert(
  collection: string,
  id: string,
  kind: ChangeKind,
  version: string,
  data: string,
  previous: string,
): string {
  return `INSERT INTO corral_changes (seq, collection, id, kind, version, at, data, previous) VALUES (0, ${collection}, ${id}, '${kind}', ${version}, 0, ${data}, ${previous})`;
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
  appendCreated: (map, table, collection, rows) => {
    const column = (name: string) => `corral_row.${quoted(name)}`;
    const version = map.version ? column(map.version) : 'NULL';
    const { where, order } = rows(column(map.id.column));
    // The trigger numbers the rows in the order they are read.
    return `INSERT INTO corral_changes (seq, collection, id, kind, version, at, data, previous) SELECT 0, ${collection}, ${column(map.id.column)}, 'created', ${version}, 0, ${rowJson(map, 'corral_row')}, NULL FROM ${table} AS corral_row WHERE ${where} ORDER BY ${order}`;
  },
};

const positionPattern = /^\d{1,18}$/;
/** How often a watched log's counter is read for other instances' and programs' writes (MariaDB has no LISTEN). */
export const pollMs = 100;

/** The change log engine of a {@link MysqlDatabase}: positions are the counter's numbers. */
export class MysqlChangeEngine implements ChangeLogEngine {
  private ready: Promise<void> | undefined;

  constructor(private readonly database: MysqlDatabase) {}

  /** The log's tables, made once (stores make them too, at init). */
  private prepared(): Promise<void> {
    this.ready ??= (async () => {
      for (const sql of changeLogTables) await this.database.query(this.database.pool, sql);
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  compare(a: string, b: string): number {
    return Number(a) - Number(b);
  }

  private async last(): Promise<number> {
    await this.prepared();
    const { rows } = await this.database.query(
      this.database.pool,
      'SELECT seq FROM corral_change_counter WHERE one = 1',
    );
    return Number((rows[0] as { seq?: unknown } | undefined)?.seq ?? 0);
  }

  async current(): Promise<string> {
    return String(await this.last());
  }

  /**
   * The committed counter first: every number up to it belongs to a committed row (or a pruned
   * one), so the rows up to it are read without a snapshot of their own.
   */
  async read(after: string, limit: number): Promise<LogRead> {
    const current = await this.last();
    if (!positionPattern.test(after) || Number(after) > current) return { reset: 'unknown', position: String(current) };
    const { pool } = this.database;
    const pruned = (await this.database.query(pool, 'SELECT seq FROM corral_changes_pruned WHERE one = 1')).rows[0] as
      | { seq: unknown }
      | undefined;
    if (pruned && Number(after) < Number(pruned.seq)) return { reset: 'expired', position: String(current) };
    const { rows } = await this.database.query(
      pool,
      'SELECT seq, collection, id, kind, version, at, data, previous FROM corral_changes WHERE seq > ?1 AND seq <= ?2 ORDER BY seq LIMIT ?3',
      [Number(after), current, limit],
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
    return { rows: read, position: read.length < limit ? String(current) : read.at(-1)!.position };
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
   * Without LISTEN, other instances' (and other programs') writes are noticed by reading the
   * counter every {@link pollMs}: one indexed read of one row, and up to that long before a
   * watcher of this instance wakes. This instance's own commits wake its watchers at once.
   */
  listen(wake: () => void): () => void {
    let seen: number | undefined;
    let busy = false;
    const look = () => {
      if (busy) return;
      busy = true;
      this.last()
        .then((now) => {
          if (seen !== undefined && now !== seen) wake();
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
