// Type-checks every ```ts block of the READMEs (the repository's and each package's) and the guides against the packages' sources, so
// that no example a reader copies fails `tsc --strict`. A block that is a fragment of a larger
// program (it uses names it does not declare) is marked ```ts fragment and checked only for syntax.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = 'node_modules/.cache/doc-snippets';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const sources = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync('packages').map((p) => `packages/${p}/README.md`),
];
const files = [];
for (const source of sources) {
  const lines = readFileSync(source, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const opening = /^```ts(\s+fragment)?\s*$/.exec(lines[i]);
    if (!opening) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    const body = lines.slice(start, end).join('\n');
    const name = `${source.replace(/[/.]/g, '_')}_${start + 1}.ts`;
    // A fragment may use names from its surroundings: it is checked as a script whose free names are `any`.
    const text = opening[1] ? `// @ts-nocheck\n${body}\nexport {};\n` : `${body}\nexport {};\n`;
    writeFileSync(join(out, name), text);
    files.push({ name, source, line: start + 1 });
    i = end;
  }
}
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify({
    extends: '../../../tsconfig.base.json',
    compilerOptions: { noEmit: true, module: 'ESNext', target: 'ES2023', noUnusedLocals: false, rootDir: '.' },
    include: ['*.ts'],
  }),
);
const run = spawnSync('npx', ['--no-install', 'tsc', '-p', join(out, 'tsconfig.json')], { encoding: 'utf8' });
if (run.status !== 0) {
  // Point each error at the Markdown file and line it came from.
  const located = run.stdout.replace(/^(\S+?_(\d+)\.ts)\((\d+),(\d+)\)/gm, (match, file) => {
    const snippet = files.find((f) => file.endsWith(f.name));
    return snippet ? `${snippet.source} (block at line ${snippet.line}) ${match}` : match;
  });
  console.error(located || run.stderr);
  process.exit(1);
}
console.log(`doc snippets: ${files.length} TypeScript blocks type-check`);
