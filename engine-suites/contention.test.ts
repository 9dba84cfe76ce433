// Writers racing over HTTP (core's suite), on every SQL engine: tables the store makes (written
// from outside too), and tables the application owns without a foreign key, where only the locks
// core takes keep a child from outliving its parent.
import {
  type Bird,
  type Egg,
  type Feather,
  type Nest,
  type Pen,
  madeTables,
  writeContentionCases,
} from '@corral/core/testing';
import { forEachEngine } from '@corral/sql/testing';
import { engines } from './engines.js';

/** A value as an SQL literal (the outside program's statements carry their values). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

await forEachEngine(engines(), (engine) => {
  writeContentionCases(`${engine.name} (tables it makes)`, async () => {
    const opened = engine.open();
    return {
      ...madeTables(opened),
      renameFromOutside: (id, name) =>
        opened.outside(`UPDATE birds SET name = ${literal(name)} WHERE id = ${Number(id)}`),
      close: () => opened.close(),
    };
  });

  writeContentionCases(`${engine.name} (tables the application owns, no foreign key)`, async () => {
    const opened = engine.open();
    const { key, integer } = engine.types;
    const child = (table: string, parent: string) =>
      `CREATE TABLE ${table} (id ${key}, ${parent} ${integer} NOT NULL, name TEXT NOT NULL);`;
    await opened.outside(`CREATE TABLE enclosures (id ${key}, name TEXT NOT NULL);
      ${child('flock', 'enclosure_id')} ${child('roosts', 'enclosure_id')}
      ${child('clutch', 'roost_id')} ${child('plumage', 'roost_id')}`);
    return {
      pens: opened.store<Pen>({ table: 'enclosures', id: 'id' }),
      birds: opened.store<Bird>({ table: 'flock', id: 'id', columns: { penId: 'enclosure_id' } }),
      nests: opened.store<Nest>({ table: 'roosts', id: 'id', columns: { penId: 'enclosure_id' } }),
      eggs: opened.store<Egg>({ table: 'clutch', id: 'id', columns: { nestId: 'roost_id' } }),
      feathers: opened.store<Feather>({ table: 'plumage', id: 'id', columns: { nestId: 'roost_id' } }),
      close: () => opened.close(),
    };
  });
});
