import type { SqlHarness } from '@corral/sql/testing';
import { mysqlDatabase } from '../database.js';
import { mysqlUrlOf, outsideConnection } from './server.js';

/** The harness of `sqlStoreCases` on a database of its own (made by the caller, who drops it). */
export function sqlHarness(name: string): SqlHarness {
  /** Another program, on a connection of its own. */
  const using = async <R>(work: (connection: Awaited<ReturnType<typeof outsideConnection>>) => Promise<R>) => {
    const connection = await outsideConnection(name);
    try {
      return await work(connection);
    } finally {
      await connection.end();
    }
  };
  const rows = (sql: string) =>
    using(async (connection) => {
      const [result] = await connection.query(sql);
      // Several statements give a list of results: the last one's rows.
      const last = Array.isArray(result) && Array.isArray(result.at(-1)) ? result.at(-1) : result;
      return (Array.isArray(last) ? last : []) as Record<string, unknown>[];
    });
  return {
    open: () => mysqlDatabase({ connectionString: mysqlUrlOf(name) }),
    exec: (sql) => using(async (connection) => void (await connection.query(sql))),
    rows,
    columns: async (table) =>
      (
        await rows(
          `SELECT COLUMN_NAME AS name, IS_NULLABLE AS nullable FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${table}' ORDER BY ORDINAL_POSITION`,
        )
      ).map((row) => ({ name: String(row.name), notNull: row.nullable === 'NO' })),
    definition: async (table) =>
      (
        await rows(`
        SELECT CONCAT('column ', COLUMN_NAME, ' ', COLUMN_TYPE, ' ', IS_NULLABLE, ' ', COALESCE(COLUMN_DEFAULT, '')) AS line FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${table}'
        UNION ALL SELECT CONCAT('index ', INDEX_NAME, ' ', GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX)) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${table}' GROUP BY INDEX_NAME
        UNION ALL SELECT CONCAT('check ', CONSTRAINT_NAME, ' ', CHECK_CLAUSE) FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = '${table}'
        UNION ALL SELECT CONCAT('trigger ', TRIGGER_NAME, ' ', ACTION_STATEMENT) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE = '${table}'
        ORDER BY 1`)
      )
        .map((row) => String(row.line))
        .join('\n'),
    types: {
      key: 'BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY',
      text: 'TEXT',
      integer: 'INT',
      boolean: 'BOOLEAN',
      json: 'JSON',
    },
  };
}
