/**
 * `@corral/postgres/testing`: what tests need to reach a PostgreSQL server: its URL
 * (`CORRAL_TEST_DATABASE_URL`), whether it answers, and schemas of their own to make and drop;
 * and a server of a test's own to stop and start.
 */
export {
  dropSchema,
  dropSchemas,
  freshSchemaName,
  loadDump,
  serverAvailable,
  testDatabaseUrl,
  unreachableDatabaseUrl,
} from './server.js';
export { type PrivateCluster, privateClusterPossible, startPrivateCluster } from './private-cluster.js';
export { postgresTestEngine } from './engine.js';
