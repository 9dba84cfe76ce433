import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from './index.js';

const root = mkdtempSync(join(tmpdir(), 'corral-open-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('opening the database file', () => {
  it('makes the folders of a new file first', async () => {
    const path = join(root, 'data', 'deeper', 'app.sqlite');
    const database = sqliteDatabase({ path });
    await database.close();
    expect(existsSync(path)).toBe(true);
  });

  it('names the path and the reason when the file cannot be had', () => {
    const blocker = join(root, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const path = join(blocker, 'app.sqlite');
    expect(() => sqliteDatabase({ path })).toThrow(
      expect.objectContaining({
        code: 'CORRAL_DATABASE_FILE_UNOPENABLE',
        message: expect.stringContaining(JSON.stringify(path)),
      }),
    );
  });
});
