// The engines every shared SQL suite runs on: adding an engine is one entry here.
import { mysqlTestEngine } from '@corral/mysql/testing';
import { postgresTestEngine } from '@corral/postgres/testing';
import type { SqlTestEngine } from '@corral/sql/testing';
import { sqliteTestEngine } from '@corral/sqlite/testing';

/** Fresh entries for one test file (each keeps the files, schemas or databases its cases made, to free them). */
export const engines = (): SqlTestEngine[] => [sqliteTestEngine(), postgresTestEngine(), mysqlTestEngine()];
