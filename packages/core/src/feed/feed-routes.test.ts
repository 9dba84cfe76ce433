import { describe, expect, it } from 'vitest';
import type { CollectionRuntime } from '../collection/runtime.js';
import type { ChangeLog } from '../store/change-log.js';
import type { HandlerContext } from '../vocabulary/context.js';
import { writingTo } from './feed-routes.js';

describe('a write on a logged collection', () => {
  it('still answers its committed write when the log cannot say its position', async () => {
    const log: ChangeLog = {
      position: () => Promise.reject(new Error('the database went away')),
      read: () => Promise.reject(new Error('unused')),
      watch: () => () => undefined,
      before: (a, b) => Number(a) < Number(b),
    };
    const write = writingTo(log, async () => ({ status: 201, headers: {}, body: '{}' }));
    const response = await write({} as CollectionRuntime, {} as HandlerContext);
    expect(response.status).toBe(201);
    expect(response.headers['last-event-id']).toBeUndefined();
  });
});
