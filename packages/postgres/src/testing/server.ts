import { createServer } from 'node:net';
import pg from 'pg';

/** The PostgreSQL server the tests use: CORRAL_TEST_DATABASE_URL, or the one our machines run. */
export const testDatabaseUrl = process.env.CORRAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Why the server cannot be used (it does not answer), or undefined when it can. */
export async function serverProblem(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (error) {
    return `no server at ${testDatabaseUrl} (${(error as Error).message})`;
  }
}

/**
 * Whether the server answers. In CI it must (a missing server fails the run); elsewhere the
 * PostgreSQL tests are skipped, with the reason printed.
 */
export async function serverAvailable(): Promise<boolean> {
  const problem = await serverProblem();
  if (problem && process.env.CI) throw new Error(`CI needs PostgreSQL: ${problem}`);
  if (problem) console.warn(`Skipping the PostgreSQL tests: ${problem}`);
  return !problem;
}

/** A schema of its own for one test file, dropped afterwards: tests never see each other's tables. */
export function freshSchemaName(label: string): string {
  return `corral_test_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Drops a test schema and everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  await dropSchemas([schema]);
}

/**
 * Drops test schemas over one connection, a few per statement: a suite that made a schema per
 * test (hundreds) then cleans up in about a second instead of opening a connection for each.
 */
export async function dropSchemas(schemas: readonly string[]): Promise<void> {
  if (schemas.length === 0) return;
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    // A handful per statement keeps the locks one DROP takes well under the server's lock table.
    for (let start = 0; start < schemas.length; start += 10) {
      const names = schemas.slice(start, start + 10).map((schema) => `"${schema}"`);
      await client.query(`DROP SCHEMA IF EXISTS ${names.join(', ')} CASCADE`);
    }
  } finally {
    await client.end();
  }
}

/** A PostgreSQL URL on a loopback port nothing listens on (bound once, then released): a server that is down. */
export async function unreachableDatabaseUrl(database = 'test'): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

/**
 * Loads a dump made by `pg_dump --inserts` of schema `from` into schema `to` (a fresh one), as a
 * database made by an earlier release of the package would be.
 */
export async function loadDump(path: string, from: string, to: string): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  const sql = (await readFile(path, 'utf8'))
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n') // psql's own commands (\restrict), not SQL
    .replaceAll(`${from}.`, `"${to}".`)
    .replaceAll(`SCHEMA ${from};`, `SCHEMA "${to}";`);
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
