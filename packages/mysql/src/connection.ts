import { randomInt } from 'node:crypto';
import mysql from 'mysql2/promise';
import { counterShards, shardVariable } from './bookkeeping.js';

/** Something statements run on: the pool, or the connection of a unit of work. */
export type Queryable = mysql.Pool | mysql.PoolConnection;

/**
 * What every connection is set to before its first statement: SQL-standard quoting and string
 * literals (`"name"`, `||`, no backslash escapes, as the engine writes them), strict values, UTC,
 * and code-point order for text it compares (`utf8mb4_nopad_bin`: 'a' and 'a ' differ).
 */
export const sessionSql = `SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION,ANSI_QUOTES,PIPES_AS_CONCAT,NO_BACKSLASH_ESCAPES', time_zone = '+00:00', collation_connection = 'utf8mb4_nopad_bin'`;

/**
 * The isolation of every unit of work unless it asks for another, made the session's own so that a
 * unit at this level starts with START TRANSACTION alone (a statement of its own: MySQL 8 has no
 * `tx_isolation` to set beside the others).
 */
export const sessionIsolation = 'READ COMMITTED';

/**
 * The counter row the next connection of this process is given, in turn from a random start: by
 * connection id alone two of ten connections often share a row, and a writer then waits for the
 * other's unit to end. Counted across pools, so that sixteen connections of one process (several
 * instances of an API in one process, as tests run them) never share one. Other processes may.
 */
let nextShard = randomInt(counterShards);

/**
 * A pool whose connections are set up as {@link sessionSql} and {@link sessionIsolation} say, numbers beyond 2^53 given as
 * text, JSON and dates as text, and affected rows counting changed rows (see `changedRows`).
 */
export function openPool(connectionString: string, poolSize: number): mysql.Pool {
  const pool = mysql.createPool({
    uri: connectionString,
    connectionLimit: poolSize,
    connectTimeout: 10_000,
    enableKeepAlive: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    jsonStrings: true,
    dateStrings: true,
    decimalNumbers: true,
    namedPlaceholders: false,
    // Affected rows are rows changed, so an upsert that left a row alone says 0 (UPDATEs report matched rows: see changedRows).
    flags: ['-FOUND_ROWS'],
    charset: 'UTF8MB4_BIN',
    // mysql2's promise API otherwise records the caller's stack before every statement (for its
    // error messages): a tenth of a page's CPU in a profile. Corral names its own errors.
    trace: false,
  });
  // A connection's errors must never end the process: one listener for its whole life (mysql2's
  // own is taken once), and the session set before anything else it runs (commands queue in order).
  (pool as unknown as { pool: NodeJS.EventEmitter }).pool.on('connection', (connection: NodeJS.EventEmitter) => {
    connection.on('error', () => undefined);
    const setUp = connection as unknown as { query(sql: string, done: () => void): void };
    setUp.query(sessionSql, () => undefined);
    setUp.query(`SET SESSION TRANSACTION ISOLATION LEVEL ${sessionIsolation}`, () => undefined);
    setUp.query(`SET ${shardVariable} = ${nextShard++ % counterShards}`, () => undefined);
  });
  return pool;
}

/** The rows an UPDATE matched (as other engines count), or the rows another statement changed. */
export function changedRows(result: { affectedRows?: number; info?: string }): number {
  const matched = /Rows matched: (\d+)/.exec(result.info ?? '');
  return matched ? Number(matched[1]) : (result.affectedRows ?? 0);
}

/** Statements the prepared-statement protocol does not take (DDL, session, transaction control). */
export function textOnly(sql: string): boolean {
  return /^\s*(?:CREATE|ALTER|DROP|SET|START|BEGIN|COMMIT|ROLLBACK|LOCK|UNLOCK|TRUNCATE|RENAME|ANALYZE|SAVEPOINT|RELEASE)\b/i.test(
    sql,
  );
}

/** Whether a statement only reads (it may run again after its connection was cut). */
export function onlyReads(sql: string): boolean {
  return /^\s*(?:SELECT|WITH|EXPLAIN|SHOW)\b/i.test(sql) && !/\bFOR UPDATE\b|\bLOCK IN SHARE MODE\b/i.test(sql);
}
