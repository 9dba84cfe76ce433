import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
// The expansion cases every SQL store passes, from the SQL skeleton's sources (a test file, not part of its package).
import { expandCases } from '@corral/sql/testing';
import { sqliteDatabase } from './database.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-expand-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

let files = 0;
expandCases('sqlite', async () => {
  const database = sqliteDatabase({ path: join(folder, `expand-${++files}.sqlite`) });
  return { store: () => database.store(), close: () => database.close() };
});
