// The change log (`database.changes`) on every SQL engine: tables the store makes, and tables the
// application owns (with a version column, and with versions the engine makes).
import { type Thing, changeLogCases } from '@corral/core/testing';
import { forEachEngine } from '@corral/sql/testing';
import { engines } from './engines.js';

await forEachEngine(engines(), (engine) => {
  changeLogCases(`${engine.name} (tables it makes)`, async () => {
    const opened = engine.open();
    return { database: opened.database, things: opened.store<Thing>(), close: () => opened.close() };
  });

  for (const versionColumn of [false, true])
    changeLogCases(
      `${engine.name} (tables the application owns, ${versionColumn ? 'a version column' : 'versions the engine makes'})`,
      async () => {
        const opened = engine.open();
        await opened.ownTables(versionColumn);
        return {
          database: opened.database,
          things: opened.store<Thing>({
            table: 'creatures',
            id: 'creature_no',
            columns: { name: 'full_name' },
            ...(versionColumn ? { version: 'lock_version' } : {}),
          }),
          close: () => opened.close(),
        };
      },
    );
});
