import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll } from 'vitest';
import {
  type Bird,
  type Egg,
  type Feather,
  type Nest,
  type Pen,
  madeTables,
  writeContentionCases,
} from '@corral/core/testing';
import { sqliteDatabase } from './database.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-contention-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

writeContentionCases('sqlite (tables it makes)', async () => {
  const path = join(folder, 'made.sqlite');
  const database = sqliteDatabase({ path, synchronous: 'normal' });
  // Another program: its own connection, writing the table Corral made with plain SQL.
  const other = new DatabaseSync(path);
  other.exec('PRAGMA busy_timeout = 5000');
  return {
    ...madeTables(database),
    renameFromOutside: async (id, name) => {
      other.prepare('UPDATE birds SET name = ? WHERE id = ?').run(name, Number(id));
    },
    close: async () => {
      other.close();
      await database.close();
    },
  };
});

writeContentionCases('sqlite (tables the application owns, no foreign key)', async () => {
  const database = sqliteDatabase({ path: join(folder, 'owned.sqlite'), synchronous: 'normal' });
  database.connection.exec(`CREATE TABLE enclosures (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE flock (id INTEGER PRIMARY KEY, enclosure_id INTEGER NOT NULL, name TEXT NOT NULL);
    CREATE TABLE roosts (id INTEGER PRIMARY KEY, enclosure_id INTEGER NOT NULL, name TEXT NOT NULL);
    CREATE TABLE clutch (id INTEGER PRIMARY KEY, roost_id INTEGER NOT NULL, name TEXT NOT NULL);
    CREATE TABLE plumage (id INTEGER PRIMARY KEY, roost_id INTEGER NOT NULL, name TEXT NOT NULL);`);
  return {
    pens: database.store<Pen>({ table: 'enclosures' }),
    birds: database.store<Bird>({ table: 'flock', columns: { penId: 'enclosure_id' } }),
    nests: database.store<Nest>({ table: 'roosts', columns: { penId: 'enclosure_id' } }),
    eggs: database.store<Egg>({ table: 'clutch', columns: { nestId: 'roost_id' } }),
    feathers: database.store<Feather>({ table: 'plumage', columns: { nestId: 'roost_id' } }),
    close: () => database.close(),
  };
});
