// Checks each publishable package the way consumers will see it (exports, types, files).
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

const packages = [
  'errors',
  'links',
  'pagination',
  'versioning',
  'core',
  'sql',
  'sqlite',
  'postgres',
  'mysql',
  'opentelemetry',
  'rate-limit',
  'webhooks',
  'openapi',
  'oauth',
  'auth-server',
  'client',
  'admin',
];
let problems = 0;
for (const name of packages) {
  const pkgDir = `packages/${name}`;
  const pkg = JSON.parse(await readFile(`${pkgDir}/package.json`, 'utf8'));
  const { messages } = await publint({ pkgDir, level: 'suggestion', strict: true });
  for (const message of messages) {
    problems++;
    console.log(`${pkg.name}: [${message.type}] ${formatMessage(message, pkg)}`);
  }
  // What an npm user unpacks: the licence and a README must be in the tarball, with the metadata npm shows.
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: pkgDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const files = new Set(packed.files.map((f) => f.path));
  // Tests never ship; test helpers ship only as the package's published `./testing` entry.
  const testingEntry = Boolean(pkg.exports?.['./testing']);
  for (const file of files) {
    if (/\.test\.ts$/.test(file) || (!testingEntry && file.startsWith('src/testing/'))) {
      problems++;
      console.log(`${pkg.name}: the tarball ships the test file ${file}`);
    }
  }
  const missing = [
    ...['LICENSE', 'README.md', 'package.json'].filter((f) => !files.has(f)),
    ...['description', 'license', 'engines'].filter((k) => !pkg[k]).map((k) => `package.json "${k}"`),
  ];
  for (const what of missing) {
    problems++;
    console.log(`${pkg.name}: the package lacks ${what}`);
  }
}
if (problems > 0) {
  console.error(`publint: ${problems} problem(s)`);
  process.exit(1);
}
console.log(`publint: ${packages.length} packages clean`);
