// zoo-api.md, "Writes": POST, PUT, PATCH, DELETE of members, bulk PUT and DELETE of collections,
// 405 with Allow, and Prefer: respond-async.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  everyRecord,
  expectDetailedError,
  expectSimpleError,
  failingFields,
  get,
  linkHref,
  type RunningZoo,
  startZooWithTokens,
  waitForJob,
} from './helpers.js';

type Row = Record<string, any>;
const withoutLinks = ({ links: _links, ...rest }: Row) => rest;

describe('Writes', () => {
  let zoo: RunningZoo;
  let admin: string;
  beforeAll(async () => ({ zoo, admin } = await startZooWithTokens()));
  afterAll(() => zoo.close());

  const total = async (path: string) => (await get(zoo, path, admin)).body.total as number;
  const createZoo = async (record: Row = { name: 'Write Zoo', city: 'Basel' }) => {
    const reply = await call(zoo, 'POST', '/v1/zoos', { token: admin, json: record });
    expect(reply.status, reply.text).toBe(201);
    return reply.body as Row;
  };

  describe('POST /v1/<collection>', () => {
    it('answers 201 with the created record and its Location', async () => {
      const reply = await call(zoo, 'POST', '/v1/employees', {
        token: admin,
        json: { name: 'Nia Post', yearOfBirth: 1991, state: 'internal', maturity: 'junior' },
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({
        id: expect.anything(),
        name: 'Nia Post',
        yearOfBirth: 1991,
        state: 'internal',
        maturity: 'junior',
      });
      expect((await get(zoo, reply.headers.get('location')!, admin)).body).toEqual(reply.body);
    });

    it.each([
      ['id', { id: '12345', name: 'With Id' }, 'id'],
      ['a read-only property (links)', { name: 'With Links', links: [] }, 'links'],
      ['an unknown property', { name: 'With Colour', colour: 'green' }, 'colour'],
    ])('answers 422 for a body that names %s, and creates nothing', async (_case, body, field) => {
      const before = await total('/v1/zoos');
      const reply = await call(zoo, 'POST', '/v1/zoos', { token: admin, json: body });
      expectDetailedError(reply, 422);
      expect(failingFields(reply)).toEqual([field]);
      expect(await total('/v1/zoos')).toBe(before);
      expect((await get(zoo, '/v1/zoos/12345', admin)).status).toBe(404);
    });
  });

  describe('PUT /v1/<collection>/<id>', () => {
    it('replaces the complete record: 200 with the complete record; an omitted optional field is gone', async () => {
      const created = await createZoo({ name: 'Put Zoo', city: 'Bern' });
      const reply = await call(zoo, 'PUT', `/v1/zoos/${created.id}`, {
        token: admin,
        json: { name: 'Put Zoo Renamed' },
      });
      expect(reply.status).toBe(200);
      expect(withoutLinks(reply.body)).toEqual({ id: created.id, name: 'Put Zoo Renamed' });
      expect(reply.body.links).toEqual(created.links);
      expect((await get(zoo, `/v1/zoos/${created.id}`, admin)).body).toEqual(reply.body);
    });

    it('accepts back what GET gave, read-only properties included, and ignores them', async () => {
      const animal = (await get(zoo, '/v1/animals/1', admin)).body;
      const reply = await call(zoo, 'PUT', '/v1/animals/1', { token: admin, json: { ...animal, name: 'Leonie' } });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toEqual({ ...animal, name: 'Leonie' });
      const statement = (await get(zoo, '/v1/employees/1/salaryStatements/1', admin)).body;
      const echoed = await call(zoo, 'PUT', '/v1/employees/1/salaryStatements/1', { token: admin, json: statement });
      expect(echoed.status, echoed.text).toBe(200);
      expect(echoed.body).toEqual(statement);
    });

    it('answers 422 for a changed read-only property, and changes nothing', async () => {
      const created = await createZoo({ name: 'Read Only Zoo' });
      const changedLinks = { ...created, name: 'Changed', links: [{ rel: 'self', href: '/v1/zoos/somewhere-else' }] };
      const reply = await call(zoo, 'PUT', `/v1/zoos/${created.id}`, { token: admin, json: changedLinks });
      expectDetailedError(reply, 422);
      expect(failingFields(reply)).toEqual(['links']);
      const statement = (await get(zoo, '/v1/employees/2/salaryStatements', admin)).body.salaryStatements[0];
      const moved = await call(zoo, 'PUT', linkHref(statement.links, 'self')!, {
        token: admin,
        json: { ...statement, employeeId: '3' },
      });
      expectDetailedError(moved, 422);
      expect(failingFields(moved)).toEqual(['employeeId']);
      expect((await get(zoo, `/v1/zoos/${created.id}`, admin)).body).toEqual(created);
      expect((await get(zoo, linkHref(statement.links, 'self')!, admin)).body).toEqual(statement);
    });

    it('answers 422 for a body id that differs from the path, and changes nothing', async () => {
      const created = await createZoo({ name: 'Id Zoo' });
      const other = await createZoo({ name: 'Other Id Zoo' });
      const reply = await call(zoo, 'PUT', `/v1/zoos/${created.id}`, {
        token: admin,
        json: { id: other.id, name: 'Hijack' },
      });
      expectDetailedError(reply, 422);
      expect(failingFields(reply)).toEqual(['id']);
      expect((await get(zoo, `/v1/zoos/${created.id}`, admin)).body).toEqual(created);
      expect((await get(zoo, `/v1/zoos/${other.id}`, admin)).body).toEqual(other);
    });

    it('answers 422 for a missing required field or an unknown property, and changes nothing', async () => {
      const employee = (await get(zoo, '/v1/employees/4', admin)).body;
      const { yearOfBirth: _dropped, ...incomplete } = withoutLinks(employee);
      const missing = await call(zoo, 'PUT', '/v1/employees/4', {
        token: admin,
        json: { ...incomplete, name: 'Changed' },
      });
      expectDetailedError(missing, 422);
      expect(failingFields(missing)).toEqual(['yearOfBirth']);
      const unknown = await call(zoo, 'PUT', '/v1/employees/4', {
        token: admin,
        json: { ...withoutLinks(employee), name: 'Changed', shoeSize: 44 },
      });
      expectDetailedError(unknown, 422);
      expect(failingFields(unknown)).toEqual(['shoeSize']);
      expect((await get(zoo, '/v1/employees/4', admin)).body).toEqual(employee);
    });

    it('answers 404 for an id that does not exist, and creates nothing (no upsert)', async () => {
      const before = await total('/v1/zoos');
      expectSimpleError(await call(zoo, 'PUT', '/v1/zoos/987654', { token: admin, json: { name: 'Upsert Zoo' } }), 404);
      expect((await get(zoo, '/v1/zoos/987654', admin)).status).toBe(404);
      expect(await total('/v1/zoos')).toBe(before);
    });
  });

  describe('PATCH /v1/<collection>/<id> (JSON merge patch)', () => {
    it('changes only the given properties: 200 with the complete record', async () => {
      const employee = (await get(zoo, '/v1/employees/5', admin)).body;
      const reply = await call(zoo, 'PATCH', '/v1/employees/5', {
        token: admin,
        json: { maturity: 'senior', name: 'Patched Name' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ ...employee, maturity: 'senior', name: 'Patched Name' });
      expect((await get(zoo, '/v1/employees/5', admin)).body).toEqual(reply.body);
    });

    it('removes an optional property given as null (RFC 7396)', async () => {
      const created = await createZoo({ name: 'Null Zoo', city: 'Chur' });
      const reply = await call(zoo, 'PATCH', `/v1/zoos/${created.id}`, { token: admin, json: { city: null } });
      expect(reply.status).toBe(200);
      expect(withoutLinks(reply.body)).toEqual({ id: created.id, name: 'Null Zoo' });
    });

    it('answers 422 for null on a required property, an invalid value or an unknown property, and changes nothing', async () => {
      const employee = (await get(zoo, '/v1/employees/6', admin)).body;
      for (const [patch, field] of [
        [{ name: null }, 'name'],
        [{ state: 'retired' }, 'state'],
        [{ yearOfBirth: 1800 }, 'yearOfBirth'],
        [{ nickname: 'x' }, 'nickname'],
      ] as const) {
        const reply = await call(zoo, 'PATCH', '/v1/employees/6', { token: admin, json: patch });
        expectDetailedError(reply, 422);
        expect(failingFields(reply)).toEqual([field]);
      }
      expect((await get(zoo, '/v1/employees/6', admin)).body).toEqual(employee);
    });

    it('answers 404 for an id that does not exist', async () => {
      expectSimpleError(await call(zoo, 'PATCH', '/v1/zoos/987654', { token: admin, json: { name: 'Nobody' } }), 404);
    });
  });

  describe('DELETE /v1/<collection>/<id>', () => {
    it('answers 204 with an empty body; later requests for that id answer 410', async () => {
      const created = await createZoo({ name: 'Doomed Zoo' });
      const reply = await call(zoo, 'DELETE', `/v1/zoos/${created.id}`, { token: admin });
      expect(reply.status).toBe(204);
      expect(reply.text).toBe('');
      expectSimpleError(await get(zoo, `/v1/zoos/${created.id}`, admin), 410);
      expectSimpleError(
        await call(zoo, 'PUT', `/v1/zoos/${created.id}`, { token: admin, json: { name: 'Back' } }),
        410,
      );
      expectSimpleError(
        await call(zoo, 'PATCH', `/v1/zoos/${created.id}`, { token: admin, json: { name: 'Back' } }),
        410,
      );
      expectSimpleError(await call(zoo, 'DELETE', `/v1/zoos/${created.id}`, { token: admin }), 410);
    });

    it('answers 404 for ids that never existed', async () => {
      expectSimpleError(await call(zoo, 'DELETE', '/v1/zoos/987654', { token: admin }), 404);
      expectSimpleError(await call(zoo, 'DELETE', '/v1/employees/1/salaryStatements/987654', { token: admin }), 404);
    });

    it('never reuses ids', async () => {
      const seen = new Set((await everyRecord(zoo, '/v1/customers?limit=100', admin, 'customers')).map((c) => c.id));
      const newest = await call(zoo, 'POST', '/v1/customers', { token: admin, json: { name: 'Short-lived Customer' } });
      seen.add(newest.body.id);
      expect((await call(zoo, 'DELETE', `/v1/customers/${newest.body.id}`, { token: admin })).status).toBe(204);
      for (let i = 0; i < 3; i++) {
        const next = await call(zoo, 'POST', '/v1/customers', { token: admin, json: { name: `Later Customer ${i}` } });
        expect(seen.has(next.body.id), `id ${next.body.id} reused`).toBe(false);
        seen.add(next.body.id);
      }
      expect((await get(zoo, `/v1/customers/${newest.body.id}`, admin)).status).toBe(410);
    });
  });

  describe('PUT /v1/<collection> (bulk update)', () => {
    it('updates every record: 200 with {updated, <collection>}', async () => {
      const a = await createZoo({ name: 'Bulk A', city: 'Aarau' });
      const b = await createZoo({ name: 'Bulk B', city: 'Biel' });
      const reply = await call(zoo, 'PUT', '/v1/zoos', {
        token: admin,
        json: [
          { id: a.id, name: 'Bulk A2', city: 'Aarau' },
          { id: b.id, name: 'Bulk B2' },
        ],
      });
      expect(reply.status, reply.text).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(['updated', 'zoos']);
      expect(reply.body.updated).toBe(2);
      expect(reply.body.zoos.map(withoutLinks)).toEqual([
        { id: a.id, name: 'Bulk A2', city: 'Aarau' },
        { id: b.id, name: 'Bulk B2' },
      ]);
      expect((await get(zoo, `/v1/zoos/${a.id}`, admin)).body.name).toBe('Bulk A2');
      expect(withoutLinks((await get(zoo, `/v1/zoos/${b.id}`, admin)).body)).toEqual({ id: b.id, name: 'Bulk B2' });
    });

    it('updates none when any record is invalid: 422', async () => {
      const a = await createZoo({ name: 'Keep A' });
      const b = await createZoo({ name: 'Keep B' });
      const reply = await call(zoo, 'PUT', '/v1/zoos', {
        token: admin,
        json: [
          { id: a.id, name: 'Changed A' },
          { id: b.id, city: 'No Name' },
        ],
      });
      expectDetailedError(reply, 422);
      expect((await get(zoo, `/v1/zoos/${a.id}`, admin)).body).toEqual(a);
      expect((await get(zoo, `/v1/zoos/${b.id}`, admin)).body).toEqual(b);
      const animal = (await get(zoo, '/v1/animals/2', admin)).body;
      const badZoo = await call(zoo, 'PUT', '/v1/animals', {
        token: admin,
        json: [
          { ...withoutLinks(animal), name: 'Moved' },
          { ...withoutLinks(animal), id: '3', zooId: 'no-such-zoo' },
        ],
      });
      expectDetailedError(badZoo, 422);
      expect((await get(zoo, '/v1/animals/2', admin)).body).toEqual(animal);
    });

    it('updates none when any id is unknown: 404', async () => {
      const a = await createZoo({ name: 'Keep C' });
      const reply = await call(zoo, 'PUT', '/v1/zoos', {
        token: admin,
        json: [
          { id: a.id, name: 'Changed C' },
          { id: '987654', name: 'Nobody' },
        ],
      });
      expectSimpleError(reply, 404);
      expect((await get(zoo, `/v1/zoos/${a.id}`, admin)).body).toEqual(a);
      expect((await get(zoo, '/v1/zoos/987654', admin)).status).toBe(404);
    });

    it('wants each record with its id: 422 otherwise', async () => {
      const before = await total('/v1/zoos');
      expectDetailedError(await call(zoo, 'PUT', '/v1/zoos', { token: admin, json: [{ name: 'No Id' }] }), 422);
      expect(await total('/v1/zoos')).toBe(before);
    });
  });

  describe('405 for methods a path does not support', () => {
    it.each([
      ['POST', '/v1/zoos/1'],
      ['POST', '/v1/employees/1/salaryStatements/1'],
      ['PATCH', '/v1/zoos'],
      ['DELETE', '/v1'],
      ['POST', '/v1/translate'],
      ['PUT', '/v1/search'],
    ])('%s %s answers 405 with Allow', async (method, path) => {
      const reply = await call(zoo, method, path, { token: admin, json: { name: 'Nope' } });
      expectSimpleError(reply, 405);
      const allow = (reply.headers.get('allow') ?? '')
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);
      expect(allow).toContain('GET');
      expect(allow).not.toContain(method);
    });

    it('lists the member methods in Allow for POST on a member', async () => {
      const reply = await call(zoo, 'POST', '/v1/zoos/1', { token: admin, json: { name: 'Nope' } });
      const allow = (reply.headers.get('allow') ?? '').split(',').map((m) => m.trim());
      expect(allow).toEqual(expect.arrayContaining(['GET', 'PUT', 'PATCH', 'DELETE']));
    });
  });
});

describe('Writes: DELETE /v1/<collection>', () => {
  let zoo: RunningZoo;
  let admin: string;
  beforeAll(async () => ({ zoo, admin } = await startZooWithTokens()));
  afterAll(() => zoo.close());

  it('is refused without the write scope, deleting nothing', async () => {
    const before = (await get(zoo, '/v1/suppliers', admin)).body.total;
    expect((await call(zoo, 'DELETE', '/v1/suppliers', { token: await zoo.token('zoo-reader') })).status).toBe(403);
    expect((await get(zoo, '/v1/suppliers', admin)).body.total).toBe(before);
  });

  it('deletes every record of the collection: 204; the old ids answer 410 and are not reused', async () => {
    const old = await everyRecord(zoo, '/v1/suppliers?limit=100', admin, 'suppliers');
    expect(old.length).toBeGreaterThan(0);
    const reply = await call(zoo, 'DELETE', '/v1/suppliers', { token: admin });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect((await get(zoo, '/v1/suppliers', admin)).body).toMatchObject({ total: 0, suppliers: [] });
    expect((await get(zoo, `/v1/suppliers/${old[0]!.id}`, admin)).status).toBe(410);
    const created = await call(zoo, 'POST', '/v1/suppliers', { token: admin, json: { name: 'After The Flood' } });
    expect(created.status).toBe(201);
    expect(old.map((s) => s.id)).not.toContain(created.body.id);
  });
});

describe('Writes: Prefer: respond-async on the bulk operations', () => {
  let zoo: RunningZoo;
  let admin: string;
  let reader: string;
  beforeAll(async () => ({ zoo, admin, reader } = await startZooWithTokens()));
  afterAll(() => zoo.close());

  const async = { prefer: 'respond-async' };

  it('bulk PUT answers 202 with the Location of a job whose GET shows the status and, when done, the result', async () => {
    const reply = await call(zoo, 'PUT', '/v1/zoos', {
      token: admin,
      headers: async,
      json: [{ id: '1', name: 'Async Zoo', city: 'Berlin' }],
    });
    expect(reply.status).toBe(202);
    const location = reply.headers.get('location')!;
    expect(location).toMatch(/^\/v1\/jobs\/[^/?#]+$/);
    const first = await get(zoo, location, admin);
    expect(first.status).toBe(200);
    expect(['queued', 'running', 'succeeded', 'failed']).toContain(first.body.status);
    const done = await waitForJob(zoo, location, admin);
    expect(done.body.status).toBe('succeeded');
    expect(done.body.result).toBeDefined();
    expect(JSON.stringify(done.body.result)).toContain('"updated":1');
    expect(JSON.stringify(done.body.result)).toContain('Async Zoo');
    expect((await get(zoo, '/v1/zoos/1', admin)).body.name).toBe('Async Zoo');
  });

  it('a bulk PUT naming a record that does not exist answers 404 at once, with no job, and changes nothing', async () => {
    const before = (await get(zoo, '/v1/zoos/2', admin)).body;
    const reply = await call(zoo, 'PUT', '/v1/zoos', {
      token: admin,
      headers: async,
      json: [
        { id: '2', name: 'Never' },
        { id: '987654', name: 'Nobody' },
      ],
    });
    expectSimpleError(reply, 404);
    expect(reply.headers.get('location')).toBeNull();
    expect((await get(zoo, '/v1/zoos/2', admin)).body).toEqual(before);
  });

  it('a bulk DELETE with a stale If-Match answers 412 at once, with no job, and deletes nothing', async () => {
    const stale = (await get(zoo, '/v1/suppliers', admin)).headers.get('etag')!;
    expect((await call(zoo, 'PATCH', '/v1/suppliers/1', { token: admin, json: { city: 'Kiel' } })).status).toBe(200);
    const reply = await call(zoo, 'DELETE', '/v1/suppliers', {
      token: admin,
      headers: { ...async, 'if-match': stale },
    });
    expectSimpleError(reply, 412);
    expect(reply.headers.get('location')).toBeNull();
    expect(reply.headers.get('preference-applied')).toBeNull();
    expect((await get(zoo, '/v1/suppliers', admin)).body.total).toBe(8);
  });

  it('a bulk PUT of 1,000 invalid records answers 422 at once, naming each field by its index, with no job', async () => {
    const before = (await get(zoo, '/v1/customers/1', admin)).body;
    const json = Array.from({ length: 1000 }, (_, i) => ({ id: String((i % 10) + 1), name: '   ' }));
    const reply = await call(zoo, 'PUT', '/v1/customers', { token: admin, headers: async, json });
    expectDetailedError(reply, 422);
    expect(reply.headers.get('location')).toBeNull();
    const fields = (reply.body.errors as { field: string }[]).map((e) => e.field);
    expect(fields.slice(0, 3)).toEqual(['[0].name', '[1].name', '[2].name']);
    expect(fields).toContain('[10].id');
    expect((await get(zoo, '/v1/customers/1', admin)).body).toEqual(before);
  });

  it('a reader may not start a bulk write in the background either (403 at once)', async () => {
    const reply = await call(zoo, 'DELETE', '/v1/suppliers', { token: reader, headers: async });
    expect(reply.status).toBe(403);
    expect(reply.headers.get('location')).toBeNull();
  });

  it('a bulk DELETE with a current If-Match answers 202, with Location and Preference-Applied', async () => {
    const current = (await get(zoo, '/v1/suppliers', admin)).headers.get('etag')!;
    const reply = await call(zoo, 'DELETE', '/v1/suppliers', {
      token: admin,
      headers: { ...async, 'if-match': current },
    });
    expect(reply.status).toBe(202);
    expect(reply.headers.get('preference-applied')).toBe('respond-async');
    const done = await waitForJob(zoo, reply.headers.get('location')!, admin);
    expect(done.body).toMatchObject({ status: 'succeeded', result: { status: 204 } });
    expect((await get(zoo, '/v1/suppliers', admin)).body.total).toBe(0);
  });

  it('a bulk DELETE the records refuse (zoos still have animals) ends as a failed job, and deletes nothing', async () => {
    const reply = await call(zoo, 'DELETE', '/v1/zoos', { token: admin, headers: async });
    expect(reply.status).toBe(202);
    const done = await waitForJob(zoo, reply.headers.get('location')!, admin);
    expect(done.body).toMatchObject({ status: 'failed', result: { status: 409 } });
    expect((await get(zoo, '/v1/zoos/2', admin)).status).toBe(200);
  });

  it("answers 404 for another client's job, exactly as for an id that does not exist", async () => {
    const reply = await call(zoo, 'PUT', '/v1/zoos', { token: admin, headers: async, json: [] });
    const location = reply.headers.get('location')!;
    await waitForJob(zoo, location, admin);
    const someoneElses = await get(zoo, location, reader);
    const unknown = await get(zoo, '/v1/jobs/no-such-job', reader);
    expect(someoneElses.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(someoneElses.body.errorCode).toBe(unknown.body.errorCode);
  });

  it('bulk DELETE answers 202 with the Location of a job that deletes the collection', async () => {
    const reply = await call(zoo, 'DELETE', '/v1/customers', { token: admin, headers: async });
    expect(reply.status).toBe(202);
    const location = reply.headers.get('location')!;
    expect(location).toMatch(/^\/v1\/jobs\/[^/?#]+$/);
    const done = await waitForJob(zoo, location, admin);
    expect(done.body.status).toBe('succeeded');
    expect((await get(zoo, '/v1/customers', admin)).body.total).toBe(0);
  });
});
