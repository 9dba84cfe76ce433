import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
// The suite every store passes, from core's sources (it is a test file, not part of core's package).
import { storeCases, type Part, type Thing } from '@corral/core/testing';
import { sqliteDatabase } from './database.js';

let folder: string;
let files = 0;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const openFile = () => sqliteDatabase({ path: join(folder, `case-${++files}.sqlite`), synchronous: 'normal' });

storeCases('sqlite store (tables it makes)', async () => {
  const database = openFile();
  return { things: database.store<Thing>(), parts: database.store<Part>(), close: () => database.close() };
});

/** Tables as an application would have made them with plain SQL, under names of its own. */
const ownedTables = (version: string) => `
  CREATE TABLE creatures (creature_no INTEGER PRIMARY KEY, full_name TEXT NOT NULL, legs INTEGER NOT NULL, kind TEXT NOT NULL, wild BOOLEAN, tags JSON, born TEXT DEFAULT CURRENT_TIMESTAMP${version});
  CREATE TABLE creature_parts (part_id INTEGER PRIMARY KEY, creature_no INTEGER NOT NULL REFERENCES creatures (creature_no) ON DELETE CASCADE, label TEXT NOT NULL);`;

storeCases(
  'sqlite store (tables the application owns, versions from a digest of the row)',
  async () => {
    const database = openFile();
    database.connection.exec(ownedTables(''));
    return {
      things: database.store<Thing>({ table: 'creatures', id: 'creature_no', columns: { name: 'full_name' } }),
      parts: database.store<Part>({ table: 'creature_parts', id: 'part_id', columns: { thingId: 'creature_no' } }),
      close: () => database.close(),
    };
  },
  { versions: 'opaque' },
);

storeCases('sqlite store (tables the application owns, a version column)', async () => {
  const database = openFile();
  database.connection.exec(ownedTables(', lock_version INTEGER NOT NULL DEFAULT 1'));
  return {
    things: database.store<Thing>({
      table: 'creatures',
      id: 'creature_no',
      columns: { name: 'full_name' },
      version: 'lock_version',
    }),
    parts: database.store<Part>({ table: 'creature_parts', id: 'part_id', columns: { thingId: 'creature_no' } }),
    close: () => database.close(),
  };
});
