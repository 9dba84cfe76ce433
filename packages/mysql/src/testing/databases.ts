import { afterAll } from 'vitest';
import { createTestDatabase, dropTestDatabases, freshDatabaseName, outsideConnection } from './server.js';

/**
 * Fresh databases for one test file, dropped after it: `make(label)` gives a new database's URL,
 * `outside(name, sql)` runs SQL there as another program would. Vitest only.
 */
export function testDatabases() {
  const made: string[] = [];
  afterAll(() => dropTestDatabases(made));
  return {
    async make(label: string): Promise<{ name: string; url: string }> {
      const name = freshDatabaseName(label);
      made.push(name);
      return { name, url: await createTestDatabase(name) };
    },
    async outside(name: string, sql: string): Promise<Record<string, unknown>[]> {
      const connection = await outsideConnection(name);
      try {
        const [rows] = await connection.query(sql);
        return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
      } finally {
        await connection.end();
      }
    },
  };
}
