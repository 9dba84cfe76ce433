import { quoted, type TableMap } from '@corral/sql';
import type { MysqlDatabase, Queryable } from './database.js';
import { literal } from './dialect.js';
import { steppingAside } from './ddl.js';

/** Notes that the collection's live count is to be counted anew (see {@link recountIfDue}). */
export async function markRecount(database: MysqlDatabase, on: Queryable, collection: string): Promise<void> {
  await database.query(on, 'INSERT IGNORE INTO corral_recounts (collection) VALUES (?1)', [collection]);
}

/** How long the recount waits for counter rows per try (seconds; see steppingAside). */
const tryFor = 1;

/**
 * Counts the table's rows into its live count when that was noted (or a counter row has none),
 * with the collection's counter rows locked first: a writer that holds one commits before the
 * count is taken (and is in it); one that waits for one adds its change after (and is not). The
 * rows are locked one after another, so a try that cannot have them all within a second lets go
 * of the ones it has (writers queue behind them) and tries again.
 */
export async function recountIfDue(database: MysqlDatabase, on: Queryable, map: TableMap): Promise<void> {
  const due = await database.query(
    on,
    `SELECT (EXISTS (SELECT 1 FROM corral_recounts WHERE collection = ?1) OR EXISTS (SELECT 1 FROM corral_counts WHERE collection = ?1 AND live IS NULL)) AS due`,
    [map.collection],
  );
  if (Number((due.rows[0] as { due: unknown }).due) === 0) return;
  await steppingAside(async () => {
    await database.query(on, 'START TRANSACTION');
    try {
      await database.query(
        on,
        `SET STATEMENT innodb_lock_wait_timeout = ${tryFor} FOR SELECT shard FROM corral_counts WHERE collection = ${literal(map.collection)} ORDER BY shard FOR UPDATE`,
      );
      await database.query(
        on,
        `UPDATE corral_counts SET live = CASE WHEN shard = 0 THEN (SELECT count(*) FROM ${quoted(map.table)}) ELSE 0 END WHERE collection = ?1`,
        [map.collection],
      );
      await database.query(on, 'DELETE FROM corral_recounts WHERE collection = ?1', [map.collection]);
      await database.query(on, 'COMMIT');
    } catch (error) {
      await database.query(on, 'ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
