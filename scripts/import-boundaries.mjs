// A package reaches another only through its published entries (`@corral/core`,
// `@corral/core/testing`, ...), never into its src/: what a test needs from a neighbour is
// published for every user, and moving a file inside a package breaks nobody outside it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

const files = execFileSync('git', ['ls-files', 'packages/*/src/**', 'examples/*/src/**'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|mts|mjs)$/.test(file));
const packageOf = (path) => path.split(sep).slice(0, 2).join(sep);
const crossings = [];
for (const file of files) {
  for (const [, target] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const resolved = normalize(join(dirname(file), target));
    if (packageOf(resolved) !== packageOf(file)) crossings.push(`${file} imports ${target}`);
  }
}
if (crossings.length > 0) {
  console.error(`imports into another package's files (use its published entry instead):\n${crossings.join('\n')}`);
  process.exit(1);
}
console.log(`import boundaries: ${files.length} files import other packages through their entries only`);
