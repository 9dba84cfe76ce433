// One vitest project per package; vitest (4 and later) ignores this file on its own, so
// vitest.config.ts imports the list from here.
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const packageNames = ['errors', 'links', 'pagination', 'versioning', 'core', 'sqlite', 'postgres', 'openapi', 'oauth', 'auth-server'] as const;

/** Tests import the packages' sources, so nothing needs building first. */
export const sourceAliases = Object.fromEntries(
  packageNames.map((name) => [`@corral/${name}`, here(`./packages/${name}/src/index.ts`)]),
);

/** Shared suites (`*.case.test.ts`) run only through the implementations' tests that import them. */
const sharedCases = ['**/node_modules/**', 'src/**/*.case.test.ts'];

/** The zoo's end-to-end and contract suites, with `ZOO_TEST_STORES` choosing the stores startZoo gives each zoo. */
function zooSuitesOver(name: string, stores: string) {
  return {
    resolve: { alias: sourceAliases },
    test: { name, root: here('./examples/zoo-api'), include: ['src/e2e/**/*.test.ts', 'src/contract.test.ts'], env: { ZOO_TEST_STORES: stores } },
  };
}

export const projects = [
  ...packageNames.map((name) => ({
    resolve: { alias: sourceAliases },
    test: { name, root: here(`./packages/${name}`), include: ['src/**/*.test.ts'], exclude: sharedCases },
  })),
  {
    resolve: { alias: sourceAliases },
    test: { name: 'zoo-api', root: here('./examples/zoo-api'), include: ['src/**/*.test.ts'], exclude: sharedCases },
  },
  // The zoo's end-to-end and contract suites again, over stores that hand out new objects on every
  // read (as database stores do: core must not rely on getting the same object twice), and with
  // every record in PostgreSQL (each zoo in a schema of its own on the test server).
  zooSuitesOver('zoo-api over fresh-object stores', 'fresh-objects'),
  zooSuitesOver('zoo-api on PostgreSQL', 'postgres'),
];
