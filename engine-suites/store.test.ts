// The suite every store passes (core's), on every SQL engine: tables the store makes, and tables
// the application owns, with versions from the engine's own row digest or from a version column.
import { type Part, storeCases, type Thing } from '@corral/core/testing';
import { forEachEngine } from '@corral/sql/testing';
import { engines } from './engines.js';

await forEachEngine(engines(), (engine) => {
  storeCases(`${engine.name} store (tables it makes)`, async () => {
    const opened = engine.open();
    return { things: opened.store<Thing>(), parts: opened.store<Part>(), close: () => opened.close() };
  });

  for (const versionColumn of [false, true])
    storeCases(
      `${engine.name} store (tables the application owns, ${versionColumn ? 'a version column' : 'versions the engine makes'})`,
      async () => {
        const opened = engine.open();
        await opened.ownTables(versionColumn);
        return {
          things: opened.store<Thing>({
            table: 'creatures',
            id: 'creature_no',
            columns: { name: 'full_name' },
            ...(versionColumn ? { version: 'lock_version' } : {}),
          }),
          parts: opened.store<Part>({ table: 'creature_parts', id: 'part_id', columns: { thingId: 'creature_no' } }),
          close: () => opened.close(),
        };
      },
      versionColumn ? {} : { versions: 'opaque' },
    );
});
