import type { Socket } from 'node:net';
import type { ConnectionCuts } from '@corral/core/testing';
import type { MysqlDatabase, MysqlTransaction } from '../database.js';

/** The server's thread of a unit's connection, and the socket it is reached through. */
function threadOf(transaction: MysqlTransaction) {
  const { connection } = transaction;
  const core = (connection as unknown as { connection: { threadId: number; stream: Socket } }).connection;
  return { thread: core.threadId, socket: core.stream };
}

/** Ends a connection from another one, as a restart of the server would, and waits until it is gone. */
async function kill(database: MysqlDatabase, thread: number): Promise<void> {
  await database.pool.query(`KILL CONNECTION ${Number(thread)}`);
  for (;;) {
    const [rows] = await database.pool.query('SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = ?', [thread]);
    if ((rows as unknown[]).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type Send = (...args: unknown[]) => Promise<unknown>;

/** Whether a statement the unit sends commits it (COMMIT alone, or a block ending in it). */
const commits = (statement: unknown) => {
  const text = typeof statement === 'string' ? statement : (statement as { sql?: unknown } | undefined)?.sql;
  return typeof text === 'string' && /\bCOMMIT\b/.test(text);
};

/** Real cuts of the connections of a database's units of work, for `idempotencyUnitCases`. */
export function connectionCuts(database: MysqlDatabase): ConnectionCuts {
  return {
    async cut(transaction) {
      await kill(database, threadOf(transaction as MysqlTransaction).thread);
    },
    async cutCommit(transaction, committed) {
      const { connection } = transaction as MysqlTransaction;
      const { thread, socket } = threadOf(transaction as MysqlTransaction);
      const sending = connection as unknown as { query: Send; execute: Send };
      const original = { query: sending.query.bind(connection), execute: sending.execute.bind(connection) };
      const restore = () => {
        sending.query = original.query;
        sending.execute = original.execute;
      };
      const intercept =
        (how: keyof typeof original): Send =>
        async (...args) => {
          if (!commits(args[0])) return original[how](...args);
          restore();
          if (!committed) {
            await kill(database, thread);
            return original[how](...args);
          }
          // The server gets the COMMIT and commits; its answer is never read, and the socket breaks.
          socket.pause();
          const sent = original[how](...args);
          setTimeout(() => socket.destroy(), 200);
          return sent;
        };
      sending.query = intercept('query');
      sending.execute = intercept('execute');
    },
  };
}
