import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { counterShards, shardSetting } from './counters.js';

/** The shard the next connection of this process is given: counted across pools (several instances in one process). */
let next = randomInt(counterShards);

/**
 * The pool's `onConnect`: gives each new connection its own counter shard (see counters.ts), in
 * turn from a random start, so that this process's writers (up to 16 connections) never wait on one
 * another's counter row (by the backend's pid alone, two of ten connections often share one). The pool hands the
 * connection out once the setting is made, so no query runs beside it. Only a hint: a connection
 * that missed it counts on the shard of its pid, and any shard adds up to the same revision.
 */
export function shardAssigner(): (client: pg.ClientBase) => Promise<void> {
  return async (client) => {
    const shard = next++ % counterShards;
    await client.query(`SET ${shardSetting} = ${shard}`).catch(() => undefined);
  };
}
