// The suite every job store passes (core's), on every SQL engine.
import { jobStoreCases } from '@corral/core/testing';
import { forEachEngine } from '@corral/sql/testing';
import { engines } from './engines.js';

await forEachEngine(engines(), (engine) =>
  jobStoreCases(`${engine.name} jobs`, async (options) => {
    const opened = engine.open();
    const jobs = opened.jobs(options);
    return { jobs, close: async () => (await jobs.close?.(), await opened.close()) };
  }),
);
