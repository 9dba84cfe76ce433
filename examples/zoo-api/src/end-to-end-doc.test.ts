// docs/end-to-end.md run as a reader would: its server.ts started, its shell commands sent with
// curl, the typed client's types generated from the served document (by openapi-typescript, the
// tool of the page's npx command, here from the repository's install since the test has no
// network), its client.ts type-checked against them and run. Only the port differs from the page.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Api } from '@corral/core';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';

const repository = fileURLToPath(new URL('../../..', import.meta.url));
const page = readFileSync(join(repository, 'docs', 'end-to-end.md'), 'utf8');
const blocks = [...page.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```$/gm)].map(([, lang = '', body = '']) => ({
  lang,
  body,
}));
const run = promisify(execFile);
const artifacts = join(repository, 'examples', 'zoo-api', 'test-artifacts');
mkdirSync(artifacts, { recursive: true });
// Inside the repository, so that the page's imports resolve to the packages as in the other tests.
const scratch = mkdtempSync(join(artifacts, 'end-to-end-doc-'));

/** The page's block of `lang` whose text includes `marker`, with the port it names replaced. */
function block(lang: string, marker: string, port: number): string {
  const found = blocks.filter((b) => b.lang === lang && b.body.includes(marker));
  expect(found, `one ${lang} block with ${marker}`).toHaveLength(1);
  return found[0]!.body.replaceAll('3000', String(port));
}

async function freePort(): Promise<number> {
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('docs/end-to-end.md', () => {
  let stop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await stop?.();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('runs as written: the API with its authorization server, curl, the document and the typed client', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    writeFileSync(join(scratch, 'server.ts'), `${block('ts', '// server.ts', port)}\nexport { api, server };\n`);
    const started = (await import(join(scratch, 'server.ts'))) as { api: Api; server: import('node:http').Server };
    stop = async () => {
      await new Promise((resolve) => started.server.close(resolve));
      await started.api.close();
    };

    const shell = async (marker: string) =>
      (await run('bash', ['-euo', 'pipefail', '-c', block('sh', marker, port)], { cwd: scratch })).stdout;
    const listed = await shell('oauth/token');
    expect(listed).toContain('"title":"Middlemarch"');
    expect(listed).toMatch(/"total":1[,}]/); // the page, after the created book (curl prints both)
    await shell('bookshop-openapi.json');
    const document = JSON.parse(readFileSync(join(scratch, 'bookshop-openapi.json'), 'utf8'));
    expect(document.info.title).toBe('Bookshop API');

    // The page's npx command writes bookshop-api.ts; the same tool writes it here.
    expect(block('sh', 'openapi-typescript', port)).toContain(`${origin}/v1/openapi.json -o bookshop-api.ts`);
    writeFileSync(join(scratch, 'bookshop-api.ts'), COMMENT_HEADER + astToString(await openapiTS(document)));
    writeFileSync(join(scratch, 'client.ts'), `${block('ts', '// client.ts', port)}\nexport {};\n`);
    // The types hold: a field the document does not have is refused.
    writeFileSync(
      join(scratch, 'refused.ts'),
      `import { createClient, type OpenApiTypes } from '@corral/client';
import type { paths } from './bookshop-api.js';
const books = createClient<OpenApiTypes<paths, '/v1'>>({ baseUrl: '${origin}/v1' }).collection('books');
// @ts-expect-error -- no field pages
await books.create({ title: 'Emma', author: 'Jane Austen', year: 1815, pages: 474 });
// @ts-expect-error -- author is not sortable
await books.list({ sort: 'author' });
export {};
`,
    );
    const compilerOptions = { noEmit: true, noUnusedLocals: false, rootDir: '.' };
    const tsconfig = { extends: join(repository, 'tsconfig.base.json'), compilerOptions, include: ['*.ts'] };
    writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', join(scratch, 'tsconfig.json')], { cwd: scratch }).catch(
      (failed: { stdout: string }) => failed,
    );
    expect(checked.stdout).toBe('');

    const logged: unknown[][] = [];
    const log = console.log;
    console.log = (...values: unknown[]) => void logged.push(values);
    try {
      await import(join(scratch, 'client.ts'));
    } finally {
      console.log = log;
    }
    const [[id, total, titles]] = logged as [[string, number, string[]]];
    expect(id).toBe('2');
    expect(total).toBe(2);
    expect(titles).toEqual(['1817 Persuasion', '1871 Middlemarch']);
  }, 120_000);
});
