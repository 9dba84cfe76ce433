import { expect, it } from 'vitest';

// The package's public surface: a name added or removed here is a change users see.
it('exposes exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'MysqlDatabase',
    'mysqlDatabase',
    'mysqlIdempotency',
    'mysqlJobs',
    'mysqlRateLimits',
    'mysqlWebhooks',
    'unreachableError',
  ]);
});
