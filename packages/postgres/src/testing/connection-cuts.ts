import type { Socket } from 'node:net';
import type { ConnectionCuts } from '@corral/core/testing';
import type { PostgresDatabase, PostgresTransaction } from '../database.js';

/** The backend of a unit's connection, and the socket it is reached through. */
async function backendOf(transaction: PostgresTransaction) {
  const { client } = transaction;
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
  return { pid: rows[0]!.pid, socket };
}

/** Ends a backend from another connection, as a restart of the server would, and waits until it is gone. */
async function terminate(database: PostgresDatabase, pid: number): Promise<void> {
  await database.pool.query('SELECT pg_terminate_backend($1)', [pid]);
  while ((await database.pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount)
    await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Real cuts of the connections of a database's units of work, for `idempotencyUnitCases`. */
export function connectionCuts(database: PostgresDatabase): ConnectionCuts {
  return {
    async cut(transaction) {
      await terminate(database, (await backendOf(transaction as PostgresTransaction)).pid);
    },
    async cutCommit(transaction, committed) {
      const { client } = transaction as PostgresTransaction;
      const { pid, socket } = await backendOf(transaction as PostgresTransaction);
      const query = client.query.bind(client);
      const commit = async () => {
        client.query = query;
        if (!committed) {
          await terminate(database, pid);
          return query('COMMIT');
        }
        // The server gets the COMMIT and commits; its answer is never read, and the socket breaks.
        socket.pause();
        const sent = query('COMMIT');
        setTimeout(() => socket.destroy(), 200);
        return sent;
      };
      client.query = ((text: unknown, ...rest: unknown[]) =>
        text === 'COMMIT' ? commit() : (query as (...args: unknown[]) => unknown)(text, ...rest)) as typeof query;
    },
  };
}
