// Checks each publishable package the way consumers will see it (exports, types, files).
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { readFile } from 'node:fs/promises';

const packages = ['errors', 'links', 'pagination', 'versioning', 'core', 'openapi', 'oauth', 'auth-server'];
let problems = 0;
for (const name of packages) {
  const pkgDir = `packages/${name}`;
  const pkg = JSON.parse(await readFile(`${pkgDir}/package.json`, 'utf8'));
  const { messages } = await publint({ pkgDir, level: 'suggestion', strict: true });
  for (const message of messages) {
    problems++;
    console.log(`${pkg.name}: [${message.type}] ${formatMessage(message, pkg)}`);
  }
}
if (problems > 0) {
  console.error(`publint: ${problems} problem(s)`);
  process.exit(1);
}
console.log(`publint: ${packages.length} packages clean`);
