import { defineStartupCodes } from '@corral/core';

/** The startup codes the database stores (SQLite, PostgreSQL) share: fields and tables they cannot use. */
export const sqlStartupCodes = defineStartupCodes('@corral/sql', {
  CORRAL_INVALID_FIELD_NAME: 'A database store cannot keep, filter, sort or search a field with this name.',
  CORRAL_TABLE_LAYOUT_MISMATCH: 'A database table was made by a version of the store with another layout.',
  CORRAL_TABLE_MISMATCH:
    'A table the application owns, given to a database store, lacks a column a field needs or holds one of another type.',
  CORRAL_SCHEMA_CHANGE_REFUSED:
    'The declarations differ from a table the store made in a way that could lose or bend stored data.',
  CORRAL_STORE_NOT_INITIALIZED: 'A store is used before init(), i.e. outside any API.',
  CORRAL_DATABASE_FILE_UNOPENABLE: 'A database file cannot be opened or made where its path says.',
  CORRAL_INVALID_CACHE_BOUNDS: 'A cache of a database store is given bounds that are not whole numbers, 0 or more.',
  CORRAL_INVALID_CHANGE_RETENTION:
    'A database is given a change log retention that is not a positive number of milliseconds.',
});
