// Builds the packages in dependency order (npm's --workspaces runs them alphabetically,
// which would build core before the packages it depends on), then the example.
import { spawnSync } from 'node:child_process';
import { isFresh, markBuilt } from './build-freshness.mjs';
import { localBin } from './local-bin.mjs';

const order = [
  'packages/errors',
  'packages/links',
  'packages/pagination',
  'packages/versioning',
  'packages/core',
  'packages/sql',
  'packages/sqlite',
  'packages/postgres',
  'packages/mysql',
  'packages/opentelemetry',
  'packages/rate-limit',
  'packages/webhooks',
  'packages/openapi',
  'packages/oauth',
  'packages/auth-server',
  'packages/client',
  'packages/admin',
  'examples/zoo-api',
];
const args = new Set(process.argv.slice(2));
const env = { ...process.env };
if (args.has('--no-dts')) env.CORRAL_NO_DTS = '1';
const quiet = args.has('--quiet');
const declarations = !args.has('--no-dts');
// --force builds every package even when its output is newer than its sources.
const force = args.has('--force');

const tsup = localBin('tsup');
for (const dir of order) {
  if (!force && isFresh(dir, { declarations })) continue;
  const run = spawnSync(process.execPath, [tsup, ...(quiet ? ['--silent'] : [])], {
    cwd: dir,
    env,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  if (run.status !== 0) {
    console.error(`build failed in ${dir}`);
    process.exit(run.status ?? 1);
  }
  markBuilt(dir, { declarations });
}
