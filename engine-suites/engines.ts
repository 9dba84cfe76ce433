// The engines every shared SQL suite runs on: adding an engine (MariaDB next) is one entry here.
import { postgresTestEngine } from '@corral/postgres/testing';
import type { SqlTestEngine } from '@corral/sql/testing';
import { sqliteTestEngine } from '@corral/sqlite/testing';

/** Fresh entries for one test file (each keeps the files or schemas its cases made, to free them). */
export const engines = (): SqlTestEngine[] => [sqliteTestEngine(), postgresTestEngine()];
