import { defineConfig } from 'tsup';
import shared from '../../tsup.package.js';

// A second entry: the `corral-hash-password` command (package.json "bin").
export default defineConfig({
  ...(shared as object),
  entry: { index: 'src/index.ts', 'hash-password-cli': 'src/hash-password-cli.ts' },
});
