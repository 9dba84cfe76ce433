import { defineConfig } from 'tsup';
import shared from '../../tsup.package.js';

// Core has two more entries: `@corral/core/node`, the node:http helpers kept out of the main entry,
// and `@corral/core/testing`, the shared suites for store authors.
export default defineConfig({
  ...(shared as object),
  entry: { index: 'src/index.ts', node: 'src/node.ts', testing: 'src/testing/index.ts' },
});
