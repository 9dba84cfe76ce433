import { defineConfig } from 'tsup';
import shared from '../../tsup.package.js';

// A second entry, `./testing`: the shared suites and test helpers other packages' tests use.
export default defineConfig({
  ...(shared as object),
  entry: { index: 'src/index.ts', testing: 'src/testing/index.ts' },
});
