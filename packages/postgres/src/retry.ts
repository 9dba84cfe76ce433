import { setTimeout as sleep } from 'node:timers/promises';

/** Serialization failures and deadlocks: the work lost a race, was rolled back whole, and may simply run again. */
const lostRace = new Set(['40001', '40P01']);

/** Runs in all (the first included) before a lost race reaches the caller. */
export const raceAttempts = 10;

/** Whether an error says the statement or unit lost a race with another writer. */
export function lostARace(error: unknown): boolean {
  return lostRace.has((error as { code?: string } | undefined)?.code ?? '');
}

/**
 * Waits before run `attempt + 1` of work that lost a race: a random time up to a bound that
 * doubles from 2 ms to 128 ms, so that the writers that collided do not collide again in step.
 */
export function backoff(attempt: number): Promise<void> {
  const bound = Math.min(2 ** attempt, 128);
  return sleep(Math.random() * bound);
}
