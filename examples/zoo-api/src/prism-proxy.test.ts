import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

// Stoplight Prism as a validating proxy in front of the running service: it checks each request
// against the published document before passing it on, and each answer on the way back, and
// reports what disagrees in an `sl-violations` header. Requests the server takes must raise no
// violation; requests it refuses must be ones the document refuses too.

const root = fileURLToPath(new URL('../../../', import.meta.url));
let zoo: RunningZoo;
let prism: ChildProcess;
let folder: string;
let proxy: string;
let token: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Runs Prism as a proxy on `port`; resolves once it listens, rejects if it exits first. */
function startPrism(file: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/@stoplight/prism-cli/dist/index.js'),
      'proxy',
      file,
      zoo.origin,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise<ChildProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`Prism did not start:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code}:\n${output}`));
    });
  });
}

beforeAll(async () => {
  zoo = await startZoo();
  token = await zoo.token();
  folder = await mkdtemp(join(tmpdir(), 'corral-prism-'));
  const file = join(folder, 'openapi.json');
  await writeFile(file, await (await fetch(`${zoo.origin}/v1/openapi.json`)).text());
  // The port is free when probed, but something else may take it before Prism binds it: try another.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      prism = await startPrism(file, port);
      proxy = `http://127.0.0.1:${port}`;
      break;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}, 90_000);

afterAll(async () => {
  prism?.kill();
  await zoo?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

interface Answer {
  status: number;
  json: any;
  etag: string | null;
  violations: { location: string[]; message: string }[];
}

async function through(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${proxy}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const violations = res.headers.get('sl-violations');
  return {
    status: res.status,
    json: text ? JSON.parse(text) : undefined,
    etag: res.headers.get('etag'),
    violations: violations ? JSON.parse(violations) : [],
  };
}

const messages = (answer: Answer) => answer.violations.map((v) => `${v.location.join('.')}: ${v.message}`);

describe('Prism, validating traffic to the zoo service against its own document', () => {
  it('finds nothing to object to in reads: lists with every kind of parameter, records, search, meta paths', async () => {
    for (const path of [
      '/v1',
      '/v1/zoos',
      '/v1/zoos?limit=2&offset=1&sortby=name&order=desc',
      '/v1/zoos?page=2&per_page=1',
      '/v1/zoos?query=berlin',
      '/v1/animals?zoo_id=1&animal_type_id=mammal',
      '/v1/zoos/1',
      '/v1/zoos/1/animals',
      '/v1/zoos/1/animals?sortby=yearOfBirth',
      '/v1/employees/1/salaryStatements',
      '/v1/search?query=a&limit=3&offset=1',
      '/v1/search?query=a&page=2&per_page=2',
      '/v1/errors',
      '/v1/errors/1001',
      '/v1/openapi.json',
    ]) {
      const answer = await through('GET', path);
      expect(answer.status, path).toBe(200);
      expect(messages(answer), path).toEqual([]);
    }
  });

  it('takes back what GET returned: a PUT of the record as read, id and links included', async () => {
    const read = await through('GET', '/v1/zoos/2');
    const put = await through('PUT', '/v1/zoos/2', read.json, { 'if-match': read.etag! });
    expect(put.status).toBe(200);
    expect(messages(put)).toEqual([]);
  });

  it('takes a bulk PUT of records with their ids, a nested POST without the parent key, and a merge patch', async () => {
    const page = await through('GET', '/v1/customers?limit=2');
    const items = page.json.customers.map((c: Record<string, unknown>) => ({ ...c, city: 'Basel' }));
    const bulk = await through('PUT', '/v1/customers', items);
    expect(bulk.status).toBe(200);
    expect(messages(bulk)).toEqual([]);
    const nested = await through('POST', '/v1/zoos/1/animals', {
      name: 'Kea',
      species: 'Nestor notabilis',
      animalTypeId: 'bird',
    });
    expect(nested.status).toBe(201);
    expect(messages(nested)).toEqual([]);
    const patch = await through('PATCH', `/v1/animals/${nested.json.id}`, { yearOfBirth: null, name: 'Kea II' });
    expect(patch.status).toBe(200);
    expect(messages(patch)).toEqual([]);
    const removed = await through('DELETE', `/v1/animals/${nested.json.id}`);
    expect(removed.status).toBe(204);
    expect(messages(removed)).toEqual([]);
    const gone = await through('GET', `/v1/animals/${nested.json.id}`);
    expect(gone.status).toBe(410);
    expect(messages(gone)).toEqual([]);
  });

  it('finds the error answers as documented: 304, 404, 412, 422', async () => {
    const read = await through('GET', '/v1/zoos/1');
    expect((await through('GET', '/v1/zoos/1', undefined, { 'if-none-match': read.etag! })).status).toBe(304);
    for (const [status, answer] of [
      [404, await through('GET', '/v1/zoos/999999')],
      [412, await through('PATCH', '/v1/zoos/1', { city: 'Bern' }, { 'if-match': '"stale"' })],
      [422, await through('POST', '/v1/zoos', { name: '' })],
    ] as const) {
      expect(answer.status).toBe(status);
      expect(
        messages(answer).filter((m) => m.startsWith('response')),
        String(status),
      ).toEqual([]);
    }
  });

  it('objects to the requests the server refuses, so a client validating against the document is not misled', async () => {
    const refused: [string, string, unknown?][] = [
      ['GET', '/v1/search'],
      ['POST', '/v1/zoos', { name: 'Tierpark', id: '77' }],
      ['POST', '/v1/customers', { name: 'Mallory', email: `${'m'.repeat(300)}@example.com` }],
      ['PUT', '/v1/zoos', [{ name: 'No id' }]],
      ['PATCH', '/v1/zoos/1', { name: null }],
      ['GET', `/v1/zoos?query=${'q'.repeat(300)}`],
      ['GET', '/v1/zoos?limit=1000'],
    ];
    for (const [method, path, body] of refused) {
      const answer = await through(method, path, body);
      expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
      expect(messages(answer).filter((m) => m.startsWith('request')).length, `${method} ${path}`).toBeGreaterThan(0);
    }
  });
});
