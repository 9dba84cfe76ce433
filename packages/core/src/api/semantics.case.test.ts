import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApi, type Api } from './create-api.js';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { testApi } from '../testing/fixtures.js';
import { memoryJobs } from '../jobs/memory-jobs.js';
import type { Transport } from '../testing/transport.js';

const dora = { name: 'Dora', yearOfBirth: 2000, state: 'external', maturity: 'junior' };

/** Conditional requests, OPTIONS, bulk operations and jobs, run once per transport. */
export function semanticsCases(name: string, connect: (api: Api) => Promise<Transport>): void {
  let open: Transport | undefined;
  const client = async (api: Api = testApi()) => (open = await connect(api));
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  describe(`${name}: conditional requests`, () => {
    it('tags members and lists, and answers 304 to a current If-None-Match', async () => {
      const c = await client();
      const member = await c.send('GET', '/v1/employees/1');
      expect(member.headers.etag).toBe('"v1"');
      const cached = await c.send('GET', '/v1/employees/1', { headers: { 'if-none-match': member.headers.etag! } });
      expect(cached.status).toBe(304);
      expect(cached.text).toBe('');
      expect(cached.headers.etag).toBe('"v1"');
      const list = await c.send('GET', '/v1/employees?limit=2');
      const listCached = await c.send('GET', '/v1/employees?limit=2', {
        headers: { 'if-none-match': `W/${list.headers.etag}` },
      });
      expect(listCached.status).toBe(304);
      await c.send('PATCH', '/v1/employees/3', { body: { maturity: 'junior' } });
      expect(
        (await c.send('GET', '/v1/employees?limit=2', { headers: { 'if-none-match': list.headers.etag! } })).status,
      ).toBe(200);
      expect((await c.send('GET', '/v1/employees/1', { headers: { 'if-none-match': '"v0"' } })).status).toBe(200);
    });

    it('gives the same tags to two servers holding the same data', async () => {
      const a = await fetchTag(testApi());
      const b = await fetchTag(testApi());
      expect(a).toEqual(b);
    });

    it('refuses writes with a stale If-Match (412) and changes nothing', async () => {
      const c = await client();
      const tag = (await c.send('GET', '/v1/employees/1')).headers.etag!;
      expect(
        (await c.send('PATCH', '/v1/employees/1', { body: { maturity: 'junior' }, headers: { 'if-match': tag } }))
          .status,
      ).toBe(200);
      for (const [method, body] of [
        ['PATCH', { maturity: 'intermediate' }],
        ['PUT', { ...dora }],
        ['DELETE', undefined],
      ] as const) {
        const res = await c.send(method, '/v1/employees/1', { body, headers: { 'if-match': tag } });
        expect(res.status, method).toBe(412);
        expect(res.json, method).toEqual({ error: expect.stringMatching(/changed/) });
      }
      const now = await c.send('GET', '/v1/employees/1');
      expect(now.json.maturity).toBe('junior');
      expect((await c.send('DELETE', '/v1/employees/1', { headers: { 'if-match': now.headers.etag! } })).status).toBe(
        204,
      );
    });

    it('requires If-Match (428) on collections that ask for it', async () => {
      const notes = defineCollection({ name: 'notes', schema: z.object({ text: z.string() }), requireIfMatch: true });
      const c = await client(createApi({ collections: [notes], logger: silentLogger }));
      const created = await c.send('POST', '/v1/notes', { body: { text: 'a' } });
      expect(created.status).toBe(201);
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        const res = await c.send(method, '/v1/notes/1', { body: method === 'DELETE' ? undefined : { text: 'b' } });
        expect(res.status, method).toBe(428);
      }
      expect((await c.send('DELETE', '/v1/notes')).status).toBe(428);
      expect(
        (await c.send('PATCH', '/v1/notes/1', { body: { text: 'b' }, headers: { 'if-match': created.headers.etag! } }))
          .status,
      ).toBe(200);
    });

    it('lets exactly one of 50 concurrent PATCHes with the same ETag win, round after round', async () => {
      const c = await client();
      for (let round = 0; round < 5; round++) {
        const tag = (await c.send('GET', '/v1/employees/2')).headers.etag!;
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            c.send('PATCH', '/v1/employees/2', { body: { yearOfBirth: 1950 + i }, headers: { 'if-match': tag } }),
          ),
        );
        const statuses = results.map((r) => r.status);
        expect(
          statuses.filter((s) => s === 200),
          `round ${round}`,
        ).toHaveLength(1);
        expect(
          statuses.filter((s) => s === 412),
          `round ${round}`,
        ).toHaveLength(49);
      }
    });
  });

  describe(`${name}: OPTIONS and HEAD`, () => {
    it('describes a member: allowed methods and what may be changed', async () => {
      const c = await client();
      const res = await c.send('OPTIONS', '/v1/employees/1');
      expect(res.status).toBe(200);
      expect(res.headers.allow).toBe('DELETE, GET, HEAD, OPTIONS, PATCH, PUT');
      expect(res.json).toEqual({
        allow: ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT'],
        writable: ['name', 'yearOfBirth', 'state', 'maturity'],
        readOnly: ['id', 'links'],
      });
      const nested = await c.send('OPTIONS', '/v1/employees/1/salaryStatements');
      expect(nested.json).toEqual({
        allow: ['GET', 'HEAD', 'OPTIONS', 'POST'],
        writable: ['period', 'grossAmount'],
        readOnly: ['id', 'links', 'employeeId'],
      });
      expect((await c.send('OPTIONS', '/v1/employees')).headers.allow).toBe('DELETE, GET, HEAD, OPTIONS, POST, PUT');
    });

    it('answers HEAD on every GET path with the same status and headers and no body', async () => {
      const c = await client();
      for (const path of [
        '/',
        '/v1',
        '/v1/employees?limit=1',
        '/v1/employees/1',
        '/v1/employees/42',
        '/v1/errors/1001',
        '/v1/zoos/1/animals',
      ]) {
        const get = await c.send('GET', path);
        const head = await c.send('HEAD', path);
        expect(head.status, path).toBe(get.status);
        expect(head.text, path).toBe('');
        for (const header of ['content-type', 'etag', 'content-length'])
          expect(head.headers[header], `${path} ${header}`).toBe(get.headers[header]);
      }
    });
  });

  describe(`${name}: strictness`, () => {
    it('refuses query parameters on paths that take none, changing nothing', async () => {
      const c = await client();
      for (const [method, path] of [
        ['GET', '/v1/employees/1?foo=bar'],
        ['DELETE', '/v1/employees/2?dry_run=true'],
        ['GET', '/v1?x=1'],
        ['GET', '/?x=1'],
        ['OPTIONS', '/v1/employees?x=1'],
      ] as const) {
        const res = await c.send(method, path);
        expect(res.status, path).toBe(400);
        expect(res.json.errorCode, path).toBe(1002);
      }
      expect((await c.send('GET', '/v1/employees/2')).status).toBe(200);
    });

    it('refuses %-escapes that are not UTF-8 (400 naming the parameter) instead of reading U+FFFD, changing nothing', async () => {
      const c = await client();
      const before = (await c.send('GET', '/v1/employees?limit=100')).json.employees.length;
      for (const [method, path, parameter] of [
        ['GET', '/v1/employees?state=%FF', 'state'],
        ['GET', '/v1/employees?query=caf%E9', 'query'],
        ['GET', '/v1/employees/1?fields=na%C3', 'fields'],
        ['POST', '/v1/employees?x%FF=1', 'x\uFFFD'],
      ] as const) {
        const res = await c.send(method, path, method === 'POST' ? { body: dora } : {});
        expect(res.status, path).toBe(400);
        expect(res.json, path).toMatchObject({ errorCode: 1001, message: expect.stringContaining(`"${parameter}"`) });
      }
      expect((await c.send('GET', '/v1/employees?query=Zo%C3%AB')).status).toBe(200);
      expect((await c.send('GET', '/v1/employees?limit=100')).json.employees).toHaveLength(before);
    });

    it('redirects a trailing slash at the version root and base path, but never to another host', async () => {
      const c = await client(testApi({ basePath: '/api' }));
      for (const [path, location] of [
        ['/api/', '/api'],
        ['/api/v1/', '/api/v1'],
        ['/api/v1/employees//', '/api/v1/employees'],
      ] as const) {
        const res = await c.send('GET', path);
        expect(res.status, path).toBe(301);
        expect(res.headers.location, path).toBe(location);
      }
      for (const path of ['//evil.example/', '/\\evil.example/'])
        expect((await c.send('GET', path)).status, path).toBe(404);
    });

    it('answers OPTIONS on a missing or deleted record like GET does', async () => {
      const c = await client();
      expect((await c.send('OPTIONS', '/v1/employees/99')).status).toBe(404);
      expect((await c.send('OPTIONS', '/v1/zoos/99/animals')).status).toBe(404);
      await c.send('DELETE', '/v1/employees/3');
      expect((await c.send('OPTIONS', '/v1/employees/3')).status).toBe(410);
    });

    it('takes merge patches for PATCH and refuses JSON Patch (415)', async () => {
      const c = await client();
      const merge = await c.send('PATCH', '/v1/employees/1', {
        body: '{"maturity":"junior"}',
        headers: { 'content-type': 'application/merge-patch+json' },
      });
      expect(merge.status).toBe(200);
      const jsonPatch = await c.send('PATCH', '/v1/employees/1', {
        body: '[{"op":"replace","path":"/name","value":"x"}]',
        headers: { 'content-type': 'application/json-patch+json' },
      });
      expect(jsonPatch.status).toBe(415);
    });
  });

  describe(`${name}: bodies`, () => {
    it('refuses a body over the limit with 413 and nothing created', async () => {
      const c = await client(testApi({ bodyLimit: 1024 }));
      const res = await c.send('POST', '/v1/employees', { body: { ...dora, name: 'x'.repeat(2000) } });
      expect(res.status).toBe(413);
      expect(res.json).toEqual({ error: expect.stringContaining('1024') });
      expect((await c.send('GET', '/v1/employees')).json.total).toBe(3);
    });

    it('refuses empty, non-UTF-8, deeply nested and non-utf-8-charset bodies', async () => {
      const c = await client();
      const json = { 'content-type': 'application/json' };
      expect((await c.send('POST', '/v1/employees', { body: '', headers: json })).status).toBe(400);
      expect(
        (await c.send('POST', '/v1/employees', { body: Buffer.from([0x7b, 0xff, 0x7d]), headers: json })).status,
      ).toBe(400);
      expect(
        (await c.send('POST', '/v1/employees', { body: `${'['.repeat(5000)}${']'.repeat(5000)}`, headers: json }))
          .status,
      ).toBe(400);
      expect(
        (
          await c.send('POST', '/v1/employees', {
            body: '{}',
            headers: { 'content-type': 'application/json; charset=latin1' },
          })
        ).status,
      ).toBe(415);
      const polluted = await c.send('PATCH', '/v1/employees/1', {
        body: '{"constructor":{"prototype":{"admin":true}}}',
        headers: json,
      });
      expect(polluted.status).toBe(400);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  });

  describe(`${name}: bulk operations and jobs`, () => {
    it('replaces all given records or none', async () => {
      const c = await client();
      const list = (await c.send('GET', '/v1/employees')).json.employees as Record<string, unknown>[];
      const changed = list.map((e) => ({ ...e, maturity: 'senior' }));
      const ok = await c.send('PUT', '/v1/employees', { body: changed });
      expect(ok.status).toBe(200);
      expect(ok.json.updated).toBe(3);
      expect(ok.json.employees.every((e: { maturity: string }) => e.maturity === 'senior')).toBe(true);

      const oneBad = [
        { ...list[0], maturity: 'junior' },
        { ...list[1], state: 'retired' },
      ];
      const invalid = await c.send('PUT', '/v1/employees', { body: oneBad });
      expect(invalid.status).toBe(422);
      expect(invalid.json.errors).toEqual([{ field: '[1].state', message: expect.any(String) }]);
      const unknown = await c.send('PUT', '/v1/employees', {
        body: [
          { ...list[0], maturity: 'junior' },
          { ...dora, id: '99' },
        ],
      });
      expect(unknown.status).toBe(404);
      expect((await c.send('GET', '/v1/employees/1')).json.maturity).toBe('senior');
      expect((await c.send('PUT', '/v1/employees', { body: { not: 'an array' } })).status).toBe(400);
    });

    it('checks a bulk If-Match against the list ETag the client read', async () => {
      const c = await client();
      const list = await c.send('GET', '/v1/employees');
      await c.send('PATCH', '/v1/employees/1', { body: { maturity: 'junior' } });
      expect((await c.send('DELETE', '/v1/employees', { headers: { 'if-match': list.headers.etag! } })).status).toBe(
        412,
      );
      expect((await c.send('GET', '/v1/employees')).json.total).toBe(3);
      const fresh = await c.send('GET', '/v1/employees');
      expect((await c.send('DELETE', '/v1/employees', { headers: { 'if-match': fresh.headers.etag! } })).status).toBe(
        204,
      );
      expect((await c.send('GET', '/v1/employees')).json.total).toBe(0);
      expect((await c.send('GET', '/v1/employees/2')).status).toBe(410);
    });

    it('runs bulk operations as jobs with Prefer: respond-async', async () => {
      const c = await client();
      const accepted = await c.send('DELETE', '/v1/employees', { headers: { prefer: 'respond-async' } });
      expect(accepted.status).toBe(202);
      expect(accepted.headers.location).toMatch(/^\/v1\/jobs\/[0-9a-f-]{36}$/);
      const unfinishedRetryAfter = new Set<string | undefined>();
      const job = await vi.waitFor(async () => {
        const polled = await c.send('GET', accepted.headers.location!);
        if (polled.json.status !== 'succeeded') unfinishedRetryAfter.add(polled.headers['retry-after']);
        expect(polled.json.status).toBe('succeeded');
        return polled;
      });
      expect(job.json).toMatchObject({ status: 'succeeded', result: { status: 204 } });
      // A job not finished yet tells the client when to ask again.
      expect([...unfinishedRetryAfter].filter((value) => value !== '1')).toEqual([]);
      expect((await c.send('GET', '/v1/employees')).json.total).toBe(0);

      // A body that cannot be written is refused at once: no job is made for it.
      const refused = await c.send('PUT', '/v1/zoos', {
        body: [{ id: '1', name: 7 }],
        headers: { prefer: 'respond-async' },
      });
      expect(refused.status).toBe(422);
      expect(refused.json).toMatchObject({ errorCode: 1007, errors: [{ field: '[0].name' }] });
      expect(refused.headers.location).toBeUndefined();
      // Work that fails only when done (zoos still have animals) is a failed job.
      const failing = await c.send('DELETE', '/v1/zoos', { headers: { prefer: 'respond-async' } });
      expect(failing.status).toBe(202);
      await vi.waitFor(async () => {
        const failed = await c.send('GET', failing.headers.location!);
        expect(failed.json).toMatchObject({ status: 'failed', result: { status: 409 } });
      });
      expect((await c.send('GET', '/v1/jobs/nope')).status).toBe(404);
    });

    it('answers 503 with Retry-After, and changes nothing, while too many jobs are waiting', async () => {
      // A runner that never finishes keeps the one allowed job pending.
      const jobs = memoryJobs({ maxPending: 1 });
      const c = await client(testApi({ jobs: { ...jobs, start: () => undefined } }));
      expect((await c.send('DELETE', '/v1/employees', { headers: { prefer: 'respond-async' } })).status).toBe(202);
      const refused = await c.send('DELETE', '/v1/employees', { headers: { prefer: 'respond-async' } });
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json).toEqual({ error: expect.stringContaining('Too many jobs') });
      expect((await c.send('GET', '/v1/employees')).json.total).toBe(3);
    });
  });
}

async function fetchTag(api: Api): Promise<string[]> {
  const tags: string[] = [];
  for (const path of ['/v1/employees', '/v1/employees/2'])
    tags.push((await api.fetch(new Request(`http://x${path}`))).headers.get('etag') ?? '');
  return tags;
}
