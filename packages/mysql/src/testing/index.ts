/**
 * `@corral/mysql/testing`: what tests need to reach a MariaDB server: its URL
 * (`CORRAL_TEST_MYSQL_URL`), whether it answers, databases of their own to make and drop, and the
 * engine entry of the shared SQL suites.
 */
export {
  createTestDatabase,
  dropTestDatabases,
  freshDatabaseName,
  mysqlServerAvailable,
  mysqlServerProblem,
  mysqlUrlOf,
  outsideConnection,
  testMysqlUrl,
} from './server.js';
export { mysqlTestEngine } from './engine.js';
export { testDatabases } from './databases.js';
export { type PrivateServer, privateServerPossible, startPrivateServer } from './private-server.js';
