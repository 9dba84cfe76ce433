// The change log (`database.changes`) on every SQL engine: tables the store makes (other programs'
// SQL logged by their triggers), and tables the application owns (with a version column or with
// versions the engine makes; other programs' SQL logged only with `changeTriggers`).
import { type Thing, changeLogCases } from '@corral/core/testing';
import { forEachEngine } from '@corral/sql/testing';
import { engines } from './engines.js';

/** A value as an SQL literal (the outside program's statements carry their values). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

await forEachEngine(engines(), (engine) => {
  changeLogCases(`${engine.name} (tables it makes)`, async () => {
    const opened = engine.open();
    return {
      database: opened.database,
      things: opened.store<Thing>(),
      outside: {
        insert: (name) => opened.outside(`INSERT INTO things (name, legs, kind) VALUES (${literal(name)}, 2, 'dog')`),
        logged: true,
      },
      concurrentUnits: engine.name !== 'sqlite',
      close: () => opened.close(),
    };
  });

  for (const versionColumn of [false, true])
    for (const changeTriggers of [false, true])
      changeLogCases(
        `${engine.name} (tables the application owns, ${versionColumn ? 'a version column' : 'versions the engine makes'}, changeTriggers ${changeTriggers})`,
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
              changeTriggers,
            }),
            outside: {
              insert: (name) =>
                opened.outside(`INSERT INTO creatures (full_name, legs, kind) VALUES (${literal(name)}, 2, 'dog')`),
              logged: changeTriggers,
            },
            concurrentUnits: engine.name !== 'sqlite',
            close: () => opened.close(),
          };
        },
      );
});
