import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CorralError } from '@corral/core';

/** Whether `path` names a file on disk (not `:memory:`, not a `file:` URI with its own rules). */
const isPlainFile = (path: string) => path !== ':memory:' && path !== '' && !path.startsWith('file:');

/**
 * Opens the database file, making its folder first (a new project's `./data/app.sqlite` should
 * just work); a file that still cannot be opened is named in the error, with SQLite's reason.
 */
export function openDatabaseFile(path: string): DatabaseSync {
  try {
    if (isPlainFile(path)) mkdirSync(dirname(path), { recursive: true });
    return new DatabaseSync(path);
  } catch (error) {
    throw new CorralError(
      'CORRAL_DATABASE_FILE_UNOPENABLE',
      `@corral/sqlite could not open the database file ${JSON.stringify(path)}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
