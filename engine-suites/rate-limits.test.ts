// The rate-limit store suite on every SQL engine: two store objects on one database are two
// instances sharing the counters; time passes for real, as the counters use the database's clock.
import { rateLimitStoreCases } from '@corral/rate-limit/testing';
import { forEachEngine } from '@corral/sql/testing';
import { afterEach } from 'vitest';
import { engines } from './engines.js';

await forEachEngine(engines(), (engine) => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const closing of open.splice(0)) await closing.close();
  });
  let keys = 0;

  rateLimitStoreCases(`${engine.name} counters`, async () => {
    const opened = engine.open();
    const stores = [opened.rateLimits(), opened.rateLimits()] as const;
    open.push({
      close: async () => {
        await Promise.all(stores.map((store) => store.close()));
        await opened.close();
      },
    });
    return {
      stores,
      key: (label) => `${label}-${++keys}`,
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    };
  });
});
