import { setTimeout as sleep } from 'node:timers/promises';
import { aborted } from './failures.js';

/**
 * Waits for a promise others may share (a token, the root document) unless the signal aborts
 * first: the caller stops waiting, the shared work goes on for the others.
 */
export function abortable<T>(work: () => Promise<T>, signal: AbortSignal | undefined, request: string): Promise<T> {
  if (signal === undefined) return work();
  if (signal.aborted) return Promise.reject(aborted(request, signal)); // not even started
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(aborted(request, signal));
    signal.addEventListener('abort', stop, { once: true });
    work()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', stop));
  });
}

/** Waits `ms` (before a retry, between job polls); an abort ends the wait with the client's `aborted` error. */
export async function pause(ms: number, signal: AbortSignal | undefined, request: string): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    if (signal?.aborted) throw aborted(request, signal);
    throw error;
  }
}
