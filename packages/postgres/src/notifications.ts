import type pg from 'pg';
import type { JobWakeUps } from '@corral/sql';
import type { PostgresDatabase } from './database.js';

/**
 * New jobs wake idle workers of every process through LISTEN/NOTIFY, on a connection of its own.
 * A dropped connection must not end the process: workers go on polling meanwhile, and listening
 * starts again within a second (sooner than the poll where that is slower).
 */
export function notifications(database: PostgresDatabase, pollMs: number): JobWakeUps {
  const channel = `corral_jobs_${database.schema.slice(1, -1)}`.slice(0, 60);
  const relistenMs = Math.min(pollMs, 1000);
  let closed = false;
  let wake: (() => void) | undefined;
  let listening: Promise<void> | undefined;
  let stopListening: (() => void) | undefined;

  function listen(): void {
    if (!closed) listening = listenOnce();
  }

  async function listenOnce(): Promise<void> {
    let client: pg.PoolClient | undefined;
    let dropped = false;
    // The connection goes once (destroyed, never back to the pool), whichever comes first: its
    // error event, a failed LISTEN, or stop(); its error listener stays to swallow later events.
    const drop = (again: boolean) => {
      if (dropped) return;
      dropped = true;
      stopListening = undefined;
      client?.removeAllListeners('notification');
      client?.release(true);
      if (again && !closed) setTimeout(listen, relistenMs).unref();
    };
    try {
      client = await database.pool.connect();
      client.on('error', () => drop(true));
      client.on('notification', () => wake?.());
      await client.query(`LISTEN "${channel}"`);
      if (closed) return drop(false);
      if (dropped) return;
      stopListening = () => drop(false);
      wake?.(); // jobs queued while nobody listened are looked for now
    } catch {
      if (client) drop(true);
      else if (!closed) setTimeout(listen, relistenMs).unref();
    }
  }

  return {
    listen(onJob) {
      wake = onJob;
      listen();
    },
    async announce() {
      await database.pool.query(`SELECT pg_notify($1, '')`, [channel]);
    },
    async stop() {
      closed = true;
      await listening;
      stopListening?.();
    },
  };
}
