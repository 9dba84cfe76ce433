import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { testDatabaseUrl } from '@corral/postgres/testing';

/** Plain SQL on the zoo's database, on a connection of its own, as another program (a BI tool, a script) would run it. */
export interface SqlBeside {
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** The columns of a table, in order. */
  columns(table: string): Promise<string[]>;
  /** The table a table's foreign keys point to, one entry per key column: `column -> table`. */
  references(table: string): Promise<Record<string, string>>;
}

/** SQL on the zoo's SQLite file (foreign keys on, as every well-behaved writer sets them). */
export function sqliteBeside(file: string): SqlBeside {
  const run = <R>(work: (connection: DatabaseSync) => R): R => {
    const connection = new DatabaseSync(file);
    connection.exec('PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000');
    try {
      return work(connection);
    } finally {
      connection.close();
    }
  };
  return {
    rows: async (sql) =>
      run((connection) =>
        connection
          .prepare(sql)
          .all()
          .map((row) => ({ ...row })),
      ),
    columns: async (table) =>
      run((connection) =>
        connection
          .prepare('SELECT name FROM pragma_table_info(?)')
          .all(table)
          .map((row) => String(row.name)),
      ),
    references: async (table) =>
      run((connection) =>
        Object.fromEntries(
          connection
            .prepare('SELECT "from", "table" FROM pragma_foreign_key_list(?)')
            .all(table)
            .map((row) => [String(row.from), String(row.table)]),
        ),
      ),
  };
}

/** SQL on the zoo's PostgreSQL schema; whole numbers come back as numbers, as from SQLite. */
export function postgresBeside(schema: string): SqlBeside {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text'),
  };
  const run = async <R>(work: (client: pg.Client) => Promise<R>): Promise<R> => {
    const client = new pg.Client({ connectionString: testDatabaseUrl, types: types as pg.CustomTypesConfig });
    await client.connect();
    try {
      await client.query(`SET search_path TO "${schema}"`);
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    rows: (sql) => run(async (client) => (await client.query(sql)).rows),
    columns: (table) =>
      run(async (client) =>
        (
          await client.query(
            'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
            [schema, table],
          )
        ).rows.map((row) => String(row.column_name)),
      ),
    references: (table) =>
      run(async (client) =>
        Object.fromEntries(
          (
            await client.query(
              `
      SELECT a.attname AS column_name, c.confrelid::regclass::text AS target FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.conrelid = (quote_ident($1) || '.' || quote_ident($2))::regclass`,
              [schema, table],
            )
          ).rows.map((row) => [String(row.column_name), String(row.target).split('.').pop()!.replaceAll('"', '')]),
        ),
      ),
  };
}
