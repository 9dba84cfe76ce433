import { execFileSync } from 'node:child_process';
import type { EngineDatabase, OwnedTable, SqlTestEngine } from '@corral/sql/testing';
import { mysqlDatabase } from '../database.js';
import { mysqlIdempotency } from '../idempotency.js';
import { mysqlJobs } from '../jobs.js';
import { mysqlRateLimits } from '../rate-limits.js';
import type { MysqlStoreOptions } from '../store.js';
import {
  createTestDatabase,
  dropTestDatabases,
  freshDatabaseName,
  mysqlServerProblem,
  mysqlUrlOf,
  testMysqlUrl,
} from './server.js';
import { sqlHarness } from './sql-harness.js';
import { connectionCuts } from './connection-cuts.js';

/** Tables as an application would have made them with plain SQL, under names of its own. */
const ownedTables = (version: string) => `
  CREATE TABLE creatures (creature_no INT NOT NULL AUTO_INCREMENT PRIMARY KEY, full_name VARCHAR(200) NOT NULL, legs SMALLINT NOT NULL,
    kind ENUM('eel', 'dog', 'cat', 'bird') NOT NULL, wild BOOLEAN, tags JSON, born DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP${version});
  CREATE TABLE creature_parts (part_id UUID NOT NULL DEFAULT UUID() PRIMARY KEY, creature_no INT NOT NULL, label TEXT NOT NULL,
    FOREIGN KEY (creature_no) REFERENCES creatures (creature_no) ON DELETE CASCADE);`;

/**
 * Makes a database at once (`open` answers synchronously): by the server's command-line client,
 * which every machine running the server has.
 */
function createDatabaseNow(name: string): void {
  const url = new URL(testMysqlUrl);
  const args = ['-h', url.hostname, '-P', url.port || '3306', '-u', decodeURIComponent(url.username || 'root')];
  if (url.password) args.push(`-p${decodeURIComponent(url.password)}`);
  execFileSync('mariadb', [
    ...args,
    '-e',
    `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin`,
  ]);
}

/** MariaDB for the shared suites: each database made fresh on the test server, dropped afterwards. */
export function mysqlTestEngine(): SqlTestEngine {
  const made: string[] = [];
  // A database of `open` is dropped once it is closed (in the background), so that cleaning up
  // after a file of cases does not drop them all at once.
  const dropping: Promise<void>[] = [];
  const fresh = (label: string) => {
    const name = freshDatabaseName(label);
    made.push(name);
    return name;
  };
  return {
    name: 'mariadb',
    cutsConnections: true,
    unavailable: mysqlServerProblem,
    types: { key: 'BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY', integer: 'BIGINT' },
    open(): EngineDatabase {
      const name = fresh('engine');
      createDatabaseNow(name);
      const database = mysqlDatabase({ connectionString: mysqlUrlOf(name) });
      const outside = sqlHarness(name);
      return {
        database,
        // The record type is the suite's: its field names are what the column map names.
        store: <T extends object>(options?: OwnedTable) => database.store<T>(options as MysqlStoreOptions<T>),
        jobs: (options) => mysqlJobs(database, { pollMs: 100, ...options }),
        webhooks: (limits) => database.webhooks(limits),
        idempotency: () => mysqlIdempotency(database),
        rateLimits: () => mysqlRateLimits(database),
        cuts: () => connectionCuts(database),
        ownTables: (versionColumn) =>
          outside.exec(ownedTables(versionColumn ? ', lock_version INT NOT NULL DEFAULT 1' : '')),
        outside: outside.exec,
        outsideRows: outside.rows,
        async close() {
          await database.close();
          const at = made.indexOf(name);
          if (at >= 0) made.splice(at, 1);
          dropping.push(dropTestDatabases([name]).catch(() => undefined));
        },
      };
    },
    async sql() {
      const name = fresh('sql');
      await createTestDatabase(name);
      return sqlHarness(name);
    },
    async expand() {
      const name = fresh('expand');
      await createTestDatabase(name);
      const database = mysqlDatabase({ connectionString: mysqlUrlOf(name) });
      const statements: string[] = [];
      const query = database.query.bind(database);
      database.query = (on, text, values, how) => {
        statements.push(text);
        return query(on, text, values, how);
      };
      return {
        store: () => database.store(),
        statementLog: statements,
        tableName: (table) => `"${table}"`,
        close: () => database.close(),
      };
    },
    async cleanUp() {
      await Promise.all([...dropping.splice(0), dropTestDatabases(made.splice(0))]);
    },
  };
}
