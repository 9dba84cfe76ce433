// The suite every webhook store passes (core's), on every SQL engine.
import { webhookStoreCases } from '@corral/core/testing';
import { forEachEngine } from '@corral/sql/testing';
import { engines } from './engines.js';

await forEachEngine(engines(), (engine) =>
  webhookStoreCases(`${engine.name} webhooks`, async (limits) => {
    const opened = engine.open();
    return { webhooks: opened.webhooks(limits), close: () => opened.close() };
  }),
);
