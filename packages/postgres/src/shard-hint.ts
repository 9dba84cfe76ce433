import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { counterShards, shardSetting } from './counters.js';

/**
 * Gives each connection of the pool its own counter shard (see counters.ts), in turn from a
 * random start, so that this process's writers never wait on one another's counter row (by the
 * backend's pid alone, two of ten connections often share one). Only a hint: a connection that
 * missed it counts on the shard of its pid, and any shard adds up to the same revision.
 */
export function assignShards(pool: pg.Pool): void {
  let next = randomInt(counterShards);
  pool.on('connect', (client) => {
    const shard = next++ % counterShards;
    // Queued before whatever the connection's first holder sends.
    client.query(`SET ${shardSetting} = ${shard}`).catch(() => undefined);
  });
}
