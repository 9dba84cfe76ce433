import type pg from 'pg';

/** Connections whose socket broke: what ran on them was cut, and they must not go back to the pool. */
const broken = new WeakSet<pg.ClientBase>();

/**
 * Gives every connection of the pool an 'error' listener for its whole life, from the moment it
 * connects. The pool's own listeners leave gaps: a checked-out connection has none until its holder
 * adds one, and a server that ends a connection right after its startup (or its last answer) sends
 * both in one packet, so the error arrives before the holder's code runs; with no listener, Node
 * ends the process.
 */
export function guardConnections(pool: pg.Pool): void {
  // An idle connection that breaks is dropped by the pool, which then reports it here.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => broken.add(client)));
}

/** Whether the connection's socket broke while it was open (reported by its 'error' event). */
export function wasCut(client: pg.ClientBase): boolean {
  return broken.has(client);
}
