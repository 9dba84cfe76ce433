import type { DatabaseSync } from 'node:sqlite';
import type { ChangeKind } from '@corral/core';
import { derivedName, quoted, type ChangeLogEngine, type ChangeSql, type LogRead, type TableMap } from '@corral/sql';

/**
 * The change log of a SQLite file. One writer at a time: an AUTOINCREMENT key is commit order, and
 * a position is that key in decimal. The tables of the store's own log every writer's changes by
 * triggers; a table the application owns logs the store's writes by a statement after each.
 */
export const changeLogTables = `
  CREATE TABLE IF NOT EXISTS corral_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, collection TEXT NOT NULL, id ANY NOT NULL, kind TEXT NOT NULL, version INTEGER, at INTEGER NOT NULL, data TEXT, previous TEXT) STRICT;
  CREATE TABLE IF NOT EXISTS corral_changes_pruned (one INTEGER PRIMARY KEY CHECK (one = 1), seq INTEGER NOT NULL) STRICT;`;

/**
 * A new log starts its positions at the clock (microseconds since 1970) rather than at 1, and
 * counts what comes before as pruned: a position a client kept from a file that was deleted and
 * made again then reads as expired (or unknown), never as a place in the new file's log.
 */
export function seedPositions(connection: DatabaseSync, now = Date.now()): void {
  const known = connection.prepare(`SELECT 1 FROM sqlite_sequence WHERE name = 'corral_changes'`).get();
  const empty = connection.prepare('SELECT 1 FROM corral_changes LIMIT 1').get() === undefined;
  if (known || !empty) return;
  const start = now * 1000;
  connection.prepare(`INSERT INTO sqlite_sequence (name, seq) VALUES ('corral_changes', ?)`).run(start);
  connection
    .prepare('INSERT INTO corral_changes_pruned (one, seq) VALUES (1, ?) ON CONFLICT (one) DO NOTHING')
    .run(start);
}

/** The time of a change, in ms since 1970. */
const now = `CAST(unixepoch('subsec') * 1000 AS INTEGER)`;

/** The statements of {@link ChangeSql} for SQLite (no writable CTEs: one statement after each write). */
export const sqliteChangeSql: ChangeSql = {
  appendFrom: () => {
    throw new Error('@corral/sqlite: no writable CTEs');
  },
  rowJson: () => {
    throw new Error('@corral/sqlite: no writable CTEs');
  },
  appendOne: `INSERT INTO corral_changes (collection, id, kind, version, at, data, previous) VALUES (?1, ?2, ?3, ?4, ${now}, ?5, ?6)`,
  appendRows: (rows) =>
    `INSERT INTO corral_changes (collection, id, kind, version, at, data, previous) VALUES ${rows
      .map(
        ([collection, id, kind, version, data, previous]) =>
          `(${collection}, ${id}, ${kind}, ${version}, ${now}, ${data}, ${previous})`,
      )
      .join(', ')}`,
};

/**
 * The triggers that log every write to a table the store made; with `logged` false, none. The
 * update trigger also raises the version where a writer left it (it replaces the `versioned`
 * trigger then, so that the change is logged once, with the row as it was before).
 */
export function logTriggerSql(map: TableMap, logged: boolean): string[] {
  const table = quoted(map.table);
  const version = quoted(map.version!);
  const name = (suffix: string) => quoted(derivedName(map.table, `corral_${suffix}`));
  const collection = `'${map.collection.replaceAll("'", "''")}'`;
  const json = (row: 'NEW' | 'OLD') =>
    `json_object(${[map.id.column, ...map.columns.map((column) => column.column)]
      .map((column) => `'${column.replaceAll("'", "''")}', ${row}.${quoted(column)}`)
      .join(', ')})`;
  const into = `INSERT INTO corral_changes (collection, id, kind, version, at, data, previous)`;
  const drop = ['log_inserted', 'log_updated', 'log_deleted'].map((suffix) => `DROP TRIGGER IF EXISTS ${name(suffix)}`);
  if (!logged) return drop;
  return [
    ...drop,
    `DROP TRIGGER IF EXISTS ${name('versioned')}`,
    `CREATE TRIGGER ${name('log_inserted')} AFTER INSERT ON ${table} BEGIN ${into} VALUES (${collection}, NEW."id", 'created', NEW.${version}, ${now}, ${json('NEW')}, NULL); END`,
    `CREATE TRIGGER ${name('log_updated')} AFTER UPDATE ON ${table} BEGIN
      ${into} VALUES (${collection}, NEW."id", 'updated', CASE WHEN NEW.${version} = OLD.${version} THEN OLD.${version} + 1 ELSE NEW.${version} END, ${now}, ${json('NEW')}, ${json('OLD')});
      UPDATE ${table} SET ${version} = OLD.${version} + 1 WHERE "id" = NEW."id" AND NEW.${version} = OLD.${version}; END`,
    `CREATE TRIGGER ${name('log_deleted')} AFTER DELETE ON ${table} BEGIN ${into} VALUES (${collection}, OLD."id", 'deleted', OLD.${version}, ${now}, NULL, ${json('OLD')}); END`,
  ];
}

/**
 * The triggers that log every write to a table the application owns, when its store asks
 * (`changeTriggers`); none otherwise. The version is the table's version column, or (a digest of
 * the row) worked out when the change is read.
 */
export function ownedLogTriggerSql(map: TableMap, logged: boolean): string[] {
  const table = quoted(map.table);
  const id = quoted(map.id.column);
  const name = (suffix: string) => quoted(derivedName(map.table, `corral_${suffix}`));
  const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
  const version = (row: string) => (map.version ? `${row}.${quoted(map.version)}` : 'NULL');
  const json = (row: 'NEW' | 'OLD') =>
    `json_object(${[map.id.column, ...map.columns.map((column) => column.column)]
      .map((column) => `${text(column)}, ${row}.${quoted(column)}`)
      .join(', ')})`;
  const into = `INSERT INTO corral_changes (collection, id, kind, version, at, data, previous) VALUES (${text(map.collection)}`;
  const drop = ['log_inserted', 'log_updated', 'log_deleted'].map((suffix) => `DROP TRIGGER IF EXISTS ${name(suffix)}`);
  if (!logged) return drop;
  return [
    ...drop,
    `CREATE TRIGGER ${name('log_inserted')} AFTER INSERT ON ${table} BEGIN ${into}, NEW.${id}, 'created', ${version('NEW')}, ${now}, ${json('NEW')}, NULL); END`,
    `CREATE TRIGGER ${name('log_updated')} AFTER UPDATE ON ${table} BEGIN ${into}, NEW.${id}, 'updated', ${version('NEW')}, ${now}, ${json('NEW')}, ${json('OLD')}); END`,
    `CREATE TRIGGER ${name('log_deleted')} AFTER DELETE ON ${table} BEGIN ${into}, OLD.${id}, 'deleted', ${version('OLD')}, ${now}, NULL, ${json('OLD')}); END`,
  ];
}

const positionPattern = /^\d{1,16}$/;
/** How often a watched file is checked for other processes' commits (`PRAGMA data_version`). */
const pollMs = 75;

/** The change log engine of a SQLite file: reads on the reading connection, writes on the writer. */
export class SqliteChangeEngine implements ChangeLogEngine {
  constructor(
    private readonly writer: DatabaseSync,
    private readonly reader: DatabaseSync,
    /** Runs a write in a transaction of its own, once no unit is running. */
    private readonly write: (step: () => void) => Promise<void>,
  ) {}

  compare(a: string, b: string): number {
    return Number(a) - Number(b);
  }

  private last(): number {
    const row = this.reader.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'corral_changes'`).get();
    return Number(row?.seq ?? 0);
  }

  async current(): Promise<string> {
    return String(this.last());
  }

  async read(after: string, limit: number): Promise<LogRead> {
    // One snapshot for the checks and the rows (the one connection of a `:memory:` file reads as it is).
    const own = this.reader !== this.writer && !this.reader.isTransaction;
    if (own) this.reader.exec('BEGIN');
    try {
      const current = this.last();
      if (!positionPattern.test(after) || Number(after) > current)
        return { reset: 'unknown', position: String(current) };
      const pruned = this.reader.prepare('SELECT seq FROM corral_changes_pruned').get();
      if (pruned && Number(after) < Number(pruned.seq)) return { reset: 'expired', position: String(current) };
      const rows = this.reader
        .prepare(
          'SELECT seq, collection, id, kind, version, at, data, previous FROM corral_changes WHERE seq > ? ORDER BY seq LIMIT ?',
        )
        .all(Number(after), limit)
        .map((row) => ({
          position: String(row.seq),
          collection: String(row.collection),
          id: String(row.id),
          kind: row.kind as ChangeKind,
          version: Number(row.version ?? 0),
          at: new Date(Number(row.at)),
          row: row.data === null ? undefined : (JSON.parse(String(row.data)) as Record<string, unknown>),
          previousRow:
            row.previous === null ? undefined : (JSON.parse(String(row.previous)) as Record<string, unknown>),
        }));
      const next = rows.length < limit ? String(current) : rows.at(-1)!.position;
      return { rows, position: next };
    } finally {
      if (own) this.reader.exec('COMMIT');
    }
  }

  async oldest(limit: number): Promise<{ position: string; at: Date }[]> {
    return this.reader
      .prepare('SELECT seq, at FROM corral_changes ORDER BY seq LIMIT ?')
      .all(limit)
      .map((row) => ({ position: String(row.seq), at: new Date(Number(row.at)) }));
  }

  async dropThrough(position: string): Promise<void> {
    await this.write(() => {
      this.writer.prepare('DELETE FROM corral_changes WHERE seq <= ?').run(Number(position));
      this.writer
        .prepare(
          'INSERT INTO corral_changes_pruned (one, seq) VALUES (1, ?1) ON CONFLICT (one) DO UPDATE SET seq = max(seq, ?1)',
        )
        .run(Number(position));
    });
  }

  /** Other processes' commits change the file's `data_version` as this connection sees it. */
  listen(wake: () => void): () => void {
    let seen = this.dataVersion();
    const poll = setInterval(() => {
      const now = this.dataVersion();
      if (now !== seen) {
        seen = now;
        wake();
      }
    }, pollMs);
    poll.unref();
    return () => clearInterval(poll);
  }

  private dataVersion(): number {
    try {
      return Number(this.writer.prepare('PRAGMA data_version').get()?.data_version ?? 0);
    } catch {
      return 0; // closed
    }
  }
}
