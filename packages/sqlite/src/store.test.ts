import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
// The suite every store passes, from core's sources (it is a test file, not part of core's package).
import { storeCases, type Part, type Thing } from '../../core/src/store/store.case.test.js';
import { sqliteDatabase } from './database.js';

let folder: string;
let files = 0;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

storeCases('sqlite store (a file)', async () => {
  const database = sqliteDatabase({ path: join(folder, `case-${++files}.sqlite`), synchronous: 'normal' });
  return { things: database.store<Thing>(), parts: database.store<Part>(), close: () => database.close() };
});
