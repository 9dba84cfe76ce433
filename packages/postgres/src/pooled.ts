import type pg from 'pg';
import { wasCut } from './connection-guard.js';
import { isConnectionLoss, isUnreachable, outcomeUnknown, wasNotSent } from './outage.js';

/** Runs of a statement at most when its connection is cut each time (or breaks while connecting). */
export const cutAttempts = 3;

/**
 * How many runs of a statement may find their connection cut, beyond {@link cutAttempts}: after a
 * cut of every connection, each of the pool's may be handed out in turn before the pool learns it
 * is gone (the idle ones, and those other statements were holding and give back meanwhile).
 */
export function cutBudget(pool: pg.Pool): number {
  return cutAttempts + (pool.options.max ?? 10);
}

/**
 * A pooled connection. A connection cut while it was being opened is opened again (a few times);
 * a server that cannot be reached fails at once.
 */
export async function pooledConnection(pool: pg.Pool): Promise<pg.PoolClient> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.connect();
    } catch (error) {
      if (attempt >= cutAttempts || isUnreachable(error) || !isConnectionLoss(error)) throw error;
    }
  }
}

/**
 * Runs one statement on a connection of its own from the pool. When the connection is cut, a read
 * runs again on a fresh one (it changed nothing), and so does a write pg never sent; a write that
 * was sent may have been applied before the cut, and fails as {@link outcomeUnknown}.
 */
export async function onPooledConnection<R>(
  pool: pg.Pool,
  writes: boolean,
  statement: (client: pg.PoolClient) => Promise<R>,
): Promise<R> {
  const attempts = cutBudget(pool);
  for (let attempt = 1; ; attempt++) {
    const client = await pooledConnection(pool);
    let cut = false;
    try {
      return await statement(client);
    } catch (error) {
      // The statement's own error says what became of it; a cut after its answer changes nothing.
      cut = isConnectionLoss(error);
      if (!cut) throw error;
      if (writes && !wasNotSent(error)) throw outcomeUnknown(error);
      if (attempt >= attempts) throw error;
    } finally {
      // A cut connection is closed rather than handed to the next statement.
      client.release(cut || wasCut(client) || undefined);
    }
  }
}
