// Checks the built packages (run after scripts/build.mjs): no dist file may carry code of another
// package. tsup keeps a package's declared dependencies and peers out of its bundle and inlines
// every other import, so an import the package forgot to declare ships a private copy (the testing
// entry of @corral/sql once carried all of zod, 789 KB), and publint cannot see it.
// The bundles' source maps list every file whose code went in (esbuild writes one entry per
// input), so a source outside the package's own folder is code copied from elsewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The package a source path belongs to: `zod` for .../node_modules/zod/v4/core/util.js. */
export function packageOfSource(source) {
  const parts = source.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return source.replace(/^(\.\.\/)+/, '');
  const name = parts[at + 1] ?? '';
  return name.startsWith('@') ? `${name}/${parts[at + 2]}` : name;
}

/** Each JavaScript file of `dir`/dist with the packages (or other folders) whose code it carries. */
export function inlinedCode(dir) {
  const dist = resolve(dir, 'dist');
  const own = resolve(dir) + sep;
  const found = [];
  if (!existsSync(dist))
    return [{ file: relative('.', dist), problem: 'is missing: build first (node scripts/build.mjs)' }];
  // The bundler writes dist's top level only; a folder below holds files copied on purpose, with
  // their licence (@corral/openapi's dist/swagger-ui).
  for (const file of readdirSync(dist)) {
    if (!file.endsWith('.js')) continue;
    const map = join(dist, `${file}.map`);
    if (!existsSync(map)) {
      found.push({ file: join(dir, 'dist', file), problem: 'has no source map, so what it carries cannot be checked' });
      continue;
    }
    const { sources, sourceRoot = '' } = JSON.parse(readFileSync(map, 'utf8'));
    const base = resolve(join(dist, file, '..'), sourceRoot);
    const outside = new Set(
      sources.filter((source) => !resolve(base, source).startsWith(own)).map((source) => packageOfSource(source)),
    );
    if (outside.size > 0)
      found.push({ file: join(dir, 'dist', file), problem: `inlines ${[...outside].sort().join(', ')}` });
  }
  return found;
}

/** The workspaces that ship a bundle, from the root package.json. */
function workspaces() {
  return JSON.parse(readFileSync('package.json', 'utf8')).workspaces;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dirs = workspaces();
  const problems = dirs.flatMap((dir) => inlinedCode(dir));
  for (const { file, problem } of problems) console.error(`${file} ${problem}`);
  if (problems.length > 0) {
    console.error(
      'A bundle carries code it should import: declare the package in that package.json ' +
        '(dependencies, or peerDependencies as core does for zod) so that tsup keeps it external.',
    );
    process.exit(1);
  }
  console.log(`bundles: ${dirs.length} workspaces, each dist file carries only its own package's code`);
}
