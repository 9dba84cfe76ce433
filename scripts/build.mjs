// Builds the packages in dependency order (npm's --workspaces runs them alphabetically,
// which would build core before the packages it depends on), then the example.
import { spawnSync } from 'node:child_process';

const order = [
  'packages/errors',
  'packages/links',
  'packages/pagination',
  'packages/versioning',
  'packages/core',
  'packages/sql',
  'packages/sqlite',
  'packages/postgres',
  'packages/opentelemetry',
  'packages/rate-limit',
  'packages/openapi',
  'packages/oauth',
  'packages/auth-server',
  'packages/client',
  'examples/zoo-api',
];
const args = new Set(process.argv.slice(2));
const env = { ...process.env };
if (args.has('--no-dts')) env.CORRAL_NO_DTS = '1';
const quiet = args.has('--quiet');

for (const dir of order) {
  const run = spawnSync('npx', ['--no-install', 'tsup', ...(quiet ? ['--silent'] : [])], {
    cwd: dir,
    env,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  if (run.status !== 0) {
    console.error(`build failed in ${dir}`);
    process.exit(run.status ?? 1);
  }
}
