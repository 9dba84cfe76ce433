import { z } from 'zod';
import { defineOperation } from '../operation/define-operation.js';

/**
 * An operation `wait` that answers only once the test calls `release`; `handling` resolves when a
 * request reached it. For tests of what happens to a request in flight (a graceful stop).
 */
export function gatedOperation() {
  let release = (): void => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let began = (): void => {};
  const handling = new Promise<void>((resolve) => (began = resolve));
  const operation = defineOperation({
    name: 'wait',
    query: z.object({}),
    handler: async () => (began(), await released, { done: true }),
  });
  return { operation, release, handling };
}
