import { randomUUID } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import type { JWK } from 'jose';
import type { MysqlDatabase } from '@corral/mysql';
import type pg from 'pg';

/**
 * Where the embedded authorization server's signing keys are kept, so that its tokens outlive a
 * restart and every instance of the service accepts every other's. `make` gives a new key, used
 * the first time. Resolves with the keys to sign with (the first signs).
 */
export type SigningKeys = (make: () => Promise<JWK>) => Promise<JWK[]>;

/** The keys a file or a table holds: a non-empty list of objects. The message never quotes the content (it is secret). */
function keysIn(text: string, where: string): JWK[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(
      `${where} does not hold signing keys as JSON; delete it to have a new key made (earlier tokens then stop working)`,
    );
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length === 0 ||
    !parsed.every((key) => typeof key === 'object' && key !== null && !Array.isArray(key))
  ) {
    throw new Error(
      `${where} does not hold a list of signing keys; delete it to have a new key made (earlier tokens then stop working)`,
    );
  }
  return parsed as JWK[];
}

/**
 * Keys in a JSON file beside the SQLite file, readable by the service's user alone, made the first
 * time: written whole to a file of its own, then linked into place, so that no process ever reads
 * a half-written file, and of two processes starting at once the first to link wins.
 */
export function fileSigningKeys(path: string): SigningKeys {
  const read = async () => keysIn(await readFile(path, 'utf8'), path);
  return async (make) => {
    try {
      return await read();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const keys = [await make()];
    const draft = `${path}.${randomUUID()}.tmp`;
    await writeFile(draft, JSON.stringify(keys), { mode: 0o600, flush: true });
    try {
      await link(draft, path);
      return keys;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return read();
    } finally {
      await rm(draft, { force: true });
    }
  };
}

const ignoreWhileHeld = (): void => undefined;

/** Keys in a table of the service's PostgreSQL schema, shared by every instance; the first to start makes one. */
export function postgresSigningKeys(pool: pg.Pool, schema: string): SigningKeys {
  const quotedSchema = `"${schema.replaceAll('"', '""')}"`;
  const table = `${quotedSchema}.corral_signing_keys`;
  return async (make) => {
    const client = await pool.connect();
    // A connection cut while held must fail this call, not end the process.
    client.on('error', ignoreWhileHeld);
    let failure: unknown;
    try {
      await client.query('BEGIN');
      // The lock the stores take for the schema: one instance at a time makes the key (the others
      // read it), and no two transactions create the schema at once.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('corral:' || $1))`, [quotedSchema]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quotedSchema}`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${table} (kid text PRIMARY KEY, jwk jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
      );
      let { rows } = await client.query<{ jwk: JWK }>(`SELECT jwk FROM ${table} ORDER BY created_at DESC, kid`);
      if (rows.length === 0) {
        const key = await make();
        await client.query(`INSERT INTO ${table} (kid, jwk) VALUES ($1, $2)`, [String(key.kid), JSON.stringify(key)]);
        rows = [{ jwk: key }];
      }
      await client.query('COMMIT');
      return rows.map((row) => row.jwk);
    } catch (error) {
      failure = error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', ignoreWhileHeld);
      // A failed connection goes rather than back to the pool.
      client.release(failure === undefined ? undefined : true);
    }
  };
}

/**
 * Keys in a table of the service's MariaDB database, shared by every instance; the first to start
 * makes one (under a named lock: MariaDB commits a CREATE TABLE by itself).
 */
export function mysqlSigningKeys(database: MysqlDatabase): SigningKeys {
  return async (make) => {
    const connection = await database.pool.getConnection();
    try {
      await connection.query(`SELECT GET_LOCK(CONCAT('corral:', DATABASE()), 120)`);
      await connection.query(
        'CREATE TABLE IF NOT EXISTS corral_signing_keys (kid VARCHAR(255) NOT NULL PRIMARY KEY, jwk LONGTEXT NOT NULL, created_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)) ENGINE=InnoDB',
      );
      const read = async () =>
        (
          (await connection.query('SELECT jwk FROM corral_signing_keys ORDER BY created_at DESC, kid'))[0] as {
            jwk: string;
          }[]
        ).map((row) => JSON.parse(row.jwk) as JWK);
      const keys = await read();
      if (keys.length > 0) return keys;
      const key = await make();
      await connection.execute('INSERT INTO corral_signing_keys (kid, jwk) VALUES (?, ?)', [
        String(key.kid),
        JSON.stringify(key),
      ]);
      return [key];
    } finally {
      await connection.query(`SELECT RELEASE_LOCK(CONCAT('corral:', DATABASE()))`).catch(() => undefined);
      connection.release();
    }
  };
}
