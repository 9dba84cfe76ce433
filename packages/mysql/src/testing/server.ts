import mysql from 'mysql2/promise';
import { sessionSql } from '../connection.js';

/** The MariaDB server the tests use: CORRAL_TEST_MYSQL_URL, or the one our machines run. */
export const testMysqlUrl = process.env.CORRAL_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

/** The URL of another database on the test server. */
export function mysqlUrlOf(database: string): string {
  const url = new URL(testMysqlUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Why the server cannot be used (it does not answer), or undefined when it can. */
export async function mysqlServerProblem(): Promise<string | undefined> {
  try {
    const connection = await mysql.createConnection({ uri: testMysqlUrl, connectTimeout: 2000 });
    await connection.end();
    return undefined;
  } catch (error) {
    return `no MariaDB server at ${testMysqlUrl} (${(error as Error).message})`;
  }
}

/**
 * Whether the server answers. In CI it must (a missing server fails the run); elsewhere the
 * MariaDB tests are skipped, with the reason printed.
 */
export async function mysqlServerAvailable(): Promise<boolean> {
  const problem = await mysqlServerProblem();
  if (problem && process.env.CI) throw new Error(`CI needs MariaDB: ${problem}`);
  if (problem) console.warn(`Skipping the MariaDB tests: ${problem}`);
  return !problem;
}

/** A fresh database name for one test (`corral_test_...`), which {@link createTestDatabase} makes. */
export function freshDatabaseName(label: string): string {
  return `corral_test_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}

/** A connection of its own to a database of the test server, set up as the stores' are; several statements at once allowed. */
export async function outsideConnection(database?: string): Promise<mysql.Connection> {
  const connection = await mysql.createConnection({
    uri: database ? mysqlUrlOf(database) : testMysqlUrl,
    multipleStatements: true,
    supportBigNumbers: true,
    jsonStrings: true,
    dateStrings: true,
    decimalNumbers: true,
  });
  await connection.query(sessionSql);
  return connection;
}

/** Makes a database on the test server (text by code point by default), and its URL. */
export async function createTestDatabase(name: string): Promise<string> {
  const connection = await outsideConnection();
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS "${name}" CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin`);
  } finally {
    await connection.end();
  }
  return mysqlUrlOf(name);
}

/** Drops test databases, a few at once (InnoDB removes each table's file: one by one takes long). */
export async function dropTestDatabases(names: readonly string[]): Promise<void> {
  const left = [...names];
  const worker = async () => {
    const connection = await outsideConnection();
    try {
      for (let name = left.pop(); name !== undefined; name = left.pop())
        await connection.query(`DROP DATABASE IF EXISTS "${name}"`);
    } finally {
      await connection.end();
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, left.length) }, worker));
}
