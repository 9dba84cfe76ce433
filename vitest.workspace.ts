// One vitest project per package; vitest (4 and later) ignores this file on its own, so
// vitest.config.ts imports the list from here.
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const packageNames = [
  'errors',
  'links',
  'pagination',
  'versioning',
  'core',
  'sql',
  'sqlite',
  'postgres',
  'mysql',
  'opentelemetry',
  'rate-limit',
  'webhooks',
  'openapi',
  'oauth',
  'auth-server',
  'client',
  'admin',
] as const;

/**
 * Tests import the packages' sources, so nothing needs building first. Subpath entries come
 * first: an alias also matches longer paths, so `@corral/core` would swallow `@corral/core/node`.
 */
export const sourceAliases = Object.fromEntries([
  ['@corral/core/node', here('./packages/core/src/node.ts')],
  ...['core', 'sql', 'sqlite', 'postgres', 'mysql', 'rate-limit'].map((name) => [
    `@corral/${name}/testing`,
    here(`./packages/${name}/src/testing/index.ts`),
  ]),
  ...packageNames.map((name) => [`@corral/${name}`, here(`./packages/${name}/src/index.ts`)]),
]);

/** Shared suites (`*.case.test.ts`) run only through the implementations' tests that import them. */
const sharedCases = ['**/node_modules/**', 'src/**/*.case.test.ts'];

/** The zoo's end-to-end and contract suites, with `ZOO_TEST_STORES` choosing the stores startZoo gives each zoo. */
function zooSuitesOver(name: string, stores: string) {
  return {
    resolve: { alias: sourceAliases },
    test: {
      name,
      root: here('./examples/zoo-api'),
      include: ['src/e2e/**/*.test.ts', 'src/contract.test.ts'],
      env: { ZOO_TEST_STORES: stores },
    },
  };
}

export const projects = [
  ...packageNames.map((name) => ({
    resolve: { alias: sourceAliases },
    test: { name, root: here(`./packages/${name}`), include: ['src/**/*.test.ts'], exclude: sharedCases },
  })),
  // The shared SQL suites, once per engine (engine-suites/engines.ts lists the engines).
  {
    resolve: { alias: sourceAliases },
    test: { name: 'engines', root: here('./engine-suites'), include: ['*.test.ts'] },
  },
  {
    resolve: { alias: sourceAliases },
    test: { name: 'zoo-api', root: here('./examples/zoo-api'), include: ['src/**/*.test.ts'], exclude: sharedCases },
  },
  // The zoo's end-to-end and contract suites again, over stores that hand out new objects on every
  // read (as database stores do: core must not rely on getting the same object twice), and with
  // every record in PostgreSQL (each zoo in a schema of its own on the test server).
  zooSuitesOver('zoo-api over fresh-object stores', 'fresh-objects'),
];

/** Whether a test server takes connections at a URL (a TCP check, before any test starts). */
function answers(address: string, port: number): Promise<boolean> {
  const url = new URL(address);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || port), timeout: 1000 });
    const done = (answer: boolean) => (socket.destroy(), resolve(answer));
    socket
      .once('connect', () => done(true))
      .once('error', () => done(false))
      .once('timeout', () => done(false));
  });
}

/**
 * The zoo's suites on PostgreSQL, when there is a server. In CI there must be one (the suites then
 * fail clearly); elsewhere they are left out with the reason printed, like the PostgreSQL package tests.
 */
export async function postgresProjects() {
  const url = process.env.CORRAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (process.env.CI || (await answers(url, 5432))) return [zooSuitesOver('zoo-api on PostgreSQL', 'postgres')];
  // Said once: the workers vitest starts read this config again, and inherit the marker.
  if (!process.env.CORRAL_POSTGRES_SKIP_SAID)
    console.warn(
      'Skipping the zoo suites on PostgreSQL: no server at CORRAL_TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)',
    );
  process.env.CORRAL_POSTGRES_SKIP_SAID = '1';
  return [];
}

/**
 * The zoo's suites on MariaDB, each zoo in a database of its own on the test server: in CI there
 * must be one; elsewhere they are left out with the reason printed.
 */
export async function mysqlProjects() {
  const url = process.env.CORRAL_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
  if (process.env.CI || (await answers(url, 3306))) return [zooSuitesOver('zoo-api on MariaDB', 'mysql')];
  if (!process.env.CORRAL_MYSQL_SKIP_SAID)
    console.warn(`Skipping the zoo suites on MariaDB: no server at CORRAL_TEST_MYSQL_URL (default ${url})`);
  process.env.CORRAL_MYSQL_SKIP_SAID = '1';
  return [];
}
