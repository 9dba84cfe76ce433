// Where a dev dependency's command lives, to run it with the Node running this script: no npx
// (an npm process per call, which prints the machine's npm warnings and takes a moment each time).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The script file of `command`, a bin of the installed package `packageName`. */
export function localBin(packageName, command = packageName) {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const file = typeof bin === 'string' ? bin : bin?.[command];
  if (!file) throw new Error(`${packageName} has no command ${command}`);
  return join(dirname(manifestPath), file);
}
