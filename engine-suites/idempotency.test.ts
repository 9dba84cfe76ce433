// The suites every idempotency store passes (core's), on every SQL engine: claims, and answers
// that commit with the request's writes (with real connection cuts where the engine has connections).
import { idempotencyStoreCases, idempotencyUnitCases } from '@corral/core/testing';
import { forEachEngine } from '@corral/sql/testing';
import { engines } from './engines.js';

await forEachEngine(engines(), (engine) => {
  idempotencyStoreCases(`${engine.name} idempotency`, async () => {
    const opened = engine.open();
    return { store: opened.idempotency(), close: () => opened.close() };
  });

  idempotencyUnitCases(
    `${engine.name} idempotency`,
    async () => {
      const opened = engine.open();
      const cuts = opened.cuts?.();
      return {
        database: opened.database,
        store: () => opened.store(),
        idempotency: opened.idempotency(),
        ...(cuts ? { cuts } : {}),
        close: () => opened.close(),
      };
    },
    engine.cutsConnections,
  );
});
