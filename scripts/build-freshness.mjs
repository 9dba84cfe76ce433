// Whether a package's build output is still current, so that a second `npm start` skips the build.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Written after a build: which build it was (declarations or not). Kept out of dist, which is
 * published.
 */
export const stampOf = (dir) => join('node_modules', '.cache', 'corral-build', `${dir.replaceAll('/', '+')}.json`);

/** The newest change time under a path: files, and folders too (a deleted file changes its folder). */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** What a package's build reads: its sources and configuration, and the shared configuration. */
const inputsOf = (dir) => [
  join(dir, 'src'),
  join(dir, 'package.json'),
  join(dir, 'tsup.config.ts'),
  join(dir, 'tsconfig.json'),
  'tsup.package.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** True when dist holds a build of the wanted kind made after every input last changed. */
export function isFresh(dir, { declarations }) {
  const stampPath = stampOf(dir);
  if (!existsSync(stampPath) || !existsSync(join(dir, 'dist'))) return false;
  const stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
  if (declarations && !stamp.declarations) return false;
  const built = statSync(stampPath).mtimeMs;
  return inputsOf(dir).every((input) => newestChange(input) < built);
}

/** Records a finished build in dist. */
export function markBuilt(dir, { declarations }) {
  mkdirSync(join('node_modules', '.cache', 'corral-build'), { recursive: true });
  writeFileSync(stampOf(dir), `${JSON.stringify({ declarations })}\n`);
}
