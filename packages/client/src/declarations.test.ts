// A consumer outside the repository types the client through package.json's `types`, the
// declarations `npm run build` writes (npm start and build:js write JavaScript only). This builds
// the package as the build does, into a scratch package in the system's temporary folder, and compiles a consumer's type checks against
// them: with them the checks hold; without them the same checks fail loudly instead of every type
// silently becoming `any` (TS7016 under `strict`, and unused `@ts-expect-error` lines without it).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repository = join(packageDir, '..', '..');
// Outside the repository, so that resolving '@corral/client' cannot climb to the workspace's own link.
const scratch = mkdtempSync(join(tmpdir(), 'corral-client-declarations-'));
const installed = join(scratch, 'node_modules', '@corral', 'client');
const resolve = createRequire(import.meta.url).resolve;

const consumer = `import { createClient } from '@corral/client';
type Notes = { record: { text: string; tag?: string }; filters: { tag: string }; sortable: 'text'; links: {} };
const notes = createClient<{ notes: Notes }>({ baseUrl: 'http://127.0.0.1:1/v1' }).collection('notes');
export async function checks() {
  const text: string = (await notes.get('1')).text;
  // @ts-expect-error -- no such collection
  createClient<{ notes: Notes }>({ baseUrl: 'http://127.0.0.1:1/v1' }).collection('keepers');
  // @ts-expect-error -- no such filter
  await notes.list({ filter: { colour: 'red' } });
  // @ts-expect-error -- text is a string
  await notes.create({ text: 1 });
  return text;
}
`;

/** Runs a Node script (tsc, tsup) without blocking the event loop; its output and exit code. */
async function run(script: string, args: string[], cwd: string) {
  // CORRAL_NO_DTS (set by npm start for its own build) would leave the declarations out.
  const env = { ...process.env, CORRAL_NO_DTS: '' };
  const outcome = await promisify(execFile)(process.execPath, [script, ...args], { cwd, env, encoding: 'utf8' }).catch(
    (failed: { stdout?: string; stderr?: string; code?: number }) => failed,
  );
  return { output: `${outcome.stdout ?? ''}${outcome.stderr ?? ''}`, code: 'code' in outcome ? outcome.code : 0 };
}

function compileConsumer(strict: boolean) {
  const compilerOptions = {
    strict,
    noEmit: true,
    module: 'ESNext',
    moduleResolution: 'Bundler',
    target: 'ES2023',
    skipLibCheck: true,
  };
  writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['consumer.ts'] }));
  return run(resolve('typescript/bin/tsc'), ['-p', join(scratch, 'tsconfig.json')], scratch);
}

describe("the client's declarations, as a consumer outside the repository gets them", () => {
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('give the consumer the type checks, and their absence fails those checks loudly', async () => {
    mkdirSync(installed, { recursive: true });
    copyFileSync(join(packageDir, 'package.json'), join(installed, 'package.json'));
    for (const dependency of ['undici', '@types'])
      symlinkSync(join(repository, 'node_modules', dependency), join(scratch, 'node_modules', dependency));
    writeFileSync(join(scratch, 'consumer.ts'), consumer);
    const tsup = join(resolve('tsup/package.json'), '..', 'dist', 'cli-default.js');
    const build = await run(tsup, ['--silent', '--out-dir', join(installed, 'dist')], packageDir);
    expect(build.code, build.output).toBe(0);

    expect(await compileConsumer(true)).toEqual({ output: '', code: 0 });

    rmSync(join(installed, 'dist', 'index.d.ts'));
    const strict = await compileConsumer(true);
    expect(strict.output).toContain("error TS7016: Could not find a declaration file for module '@corral/client'");
    const lenient = await compileConsumer(false);
    expect(lenient.output.match(/error TS2578: Unused '@ts-expect-error' directive/g)).toHaveLength(3);
  }, 180_000);
});
