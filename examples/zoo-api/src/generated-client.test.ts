import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

// A client generated from the published document with tools nobody here wrote (openapi-typescript
// for the types, openapi-fetch for the calls): what the document promises must type-check, what it
// forbids must not, and the typed calls must work against the running service.
const workDir = join(process.cwd(), 'node_modules', '.cache', 'zoo-generated-client');

const typedProgram = `import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

declare const zoo: components['schemas']['Zoos'];
const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });

// A PUT of what GET returned, id and links included.
void client.PUT('/v1/zoos/{id}', { params: { path: { id: '1' } }, body: zoo });
// A bulk PUT of records as read; each item needs its id.
void client.PUT('/v1/zoos', { body: [zoo] });
// The request body types themselves (openapi-fetch's generic parameters skip excess-property checks).
type BodyOf<P extends keyof paths, M extends 'post' | 'put' | 'patch'> = NonNullable<paths[P][M]> extends { requestBody?: { content: infer C } } ? C[keyof C] : never;
// @ts-expect-error -- a bulk item without its id
const noId: BodyOf<'/v1/zoos', 'put'> = [{ name: 'No id' }];
// A nested POST leaves out the parent key the path gives.
void client.POST('/v1/zoos/{parentId}/animals', { params: { path: { parentId: '1' } }, body: { name: 'Okapi', species: 'okapi', animalTypeId: 'mammal' } });
// @ts-expect-error -- no id on create
const withId: BodyOf<'/v1/zoos', 'post'> = { id: '9', name: 'Id Zoo' };
// @ts-expect-error -- a required property cannot be removed by a merge patch
const nulled: BodyOf<'/v1/zoos/{id}', 'patch'> = { name: null };
// An optional one can.
const cityRemoved: BodyOf<'/v1/zoos/{id}', 'patch'> = { city: null };
void [noId, withId, nulled, cityRemoved];
// Search: the query is required, paging parameters are numbers.
void client.GET('/v1/search', { params: { query: { query: 'lion', limit: 5 } } });
// @ts-expect-error -- search without its query
void client.GET('/v1/search', { params: { query: { limit: 5 } } });
`;

let zoo: RunningZoo;
let admin: string;
let document: Record<string, unknown>;
beforeAll(async () => {
  zoo = await startZoo();
  admin = await zoo.token('zoo-admin');
  document = await (await fetch(`${zoo.origin}/v1/openapi.json`)).json();
});
afterAll(() => zoo.close());

describe('a client generated from the OpenAPI document', () => {
  it('type-checks what the server takes and refuses what it refuses (openapi-typescript)', async () => {
    mkdirSync(workDir, { recursive: true });
    writeFileSync(join(workDir, 'schema.ts'), astToString(await openapiTS(document as never)));
    writeFileSync(join(workDir, 'program.ts'), typedProgram);
    const compilerOptions = {
      strict: true,
      noEmit: true,
      module: 'ESNext',
      moduleResolution: 'Bundler',
      target: 'ES2023',
      skipLibCheck: true,
      types: [],
    };
    writeFileSync(join(workDir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['program.ts'] }));
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    // Asynchronously: a synchronous spawn would stall the in-process zoo's event loop for seconds,
    // and its keep-alive timers would then close the next test's pooled connection under its request.
    const run = await promisify(execFile)(process.execPath, [tsc, '-p', join(workDir, 'tsconfig.json')], {
      encoding: 'utf8',
    }).catch((failed: { stdout?: string; stderr?: string; code?: number }) => failed);
    expect(`${run.stdout ?? ''}${run.stderr ?? ''}`).toBe('');
    expect('code' in run ? run.code : 0).toBe(0);
  }, 60_000);

  it('makes those calls against the running service with the answers the document gives', async () => {
    const client = createClient<any>({ baseUrl: zoo.origin, headers: { authorization: `Bearer ${admin}` } });
    const read = await client.GET('/v1/zoos/{id}', { params: { path: { id: '1' } } });
    expect(read.response.status).toBe(200);
    expect(
      (await client.PUT('/v1/zoos/{id}', { params: { path: { id: '1' } }, body: read.data })).response.status,
    ).toBe(200);
    expect((await client.PUT('/v1/zoos', { body: [read.data] })).response.status).toBe(200);
    const nested = await client.POST('/v1/zoos/{parentId}/animals', {
      params: { path: { parentId: '1' } },
      body: { name: 'Okapi', species: 'okapi', animalTypeId: 'mammal' },
    });
    expect(nested.response.status).toBe(201);
    expect((await client.GET('/v1/search', { params: { query: { query: 'zoo', limit: 5 } } })).response.status).toBe(
      200,
    );
  });
});
