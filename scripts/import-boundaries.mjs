// Two rules on imports, checked over every source file.
// 1. A package reaches another only through its published entries (`@corral/core`,
//    `@corral/core/testing`, ...), never into its src/: what a test needs from a neighbour is
//    published for every user, and moving a file inside a package breaks nobody outside it.
// 2. Inside core, imports point down: `api/` composes the rest, so only the package's entry files
//    import from it. The shared types live in `vocabulary/`, below everything that uses them; a
//    test elsewhere that needs a whole API imports the entry (`../index.js`), as a user would.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

const files = execFileSync('git', ['ls-files', 'packages/*/src/**', 'examples/*/src/**'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|mts|mjs)$/.test(file));
const packageOf = (path) => path.split(sep).slice(0, 2).join(sep);
const coreApi = join('packages', 'core', 'src', 'api') + sep;
const coreEntries = new Set(['index.ts', 'node.ts'].map((name) => join('packages', 'core', 'src', name)));
const crossings = [];
const upward = [];
for (const file of files) {
  for (const [, target] of readFileSync(file, 'utf8').matchAll(/(?:from|module) '(\.{1,2}\/[^']+)'/g)) {
    const resolved = normalize(join(dirname(file), target));
    if (packageOf(resolved) !== packageOf(file)) crossings.push(`${file} imports ${target}`);
    else if (resolved.startsWith(coreApi) && !file.startsWith(coreApi) && !coreEntries.has(file))
      upward.push(`${file} imports ${target}`);
  }
}
if (crossings.length > 0)
  console.error(`imports into another package's files (use its published entry instead):\n${crossings.join('\n')}`);
if (upward.length > 0)
  console.error(
    `imports up into core's api/ (move shared types to vocabulary/, or import ../index.js):\n${upward.join('\n')}`,
  );
if (crossings.length > 0 || upward.length > 0) process.exit(1);
console.log(
  `import boundaries: ${files.length} files; packages meet at their entries, core's api/ is imported by its entries only`,
);
