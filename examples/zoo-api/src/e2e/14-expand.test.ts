// ?expand= on the zoo's lists and records, black-box against the running service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  everyRecord,
  expectAuthError,
  expectDetailedError,
  get,
  linkHref,
  type RunningZoo,
  startZooWithTokens,
} from './helpers.js';

type Json = Record<string, any>;

describe('Expanding related records', () => {
  let zoo: RunningZoo;
  let admin: string;
  let reader: string;
  beforeAll(async () => ({ zoo, admin, reader } = await startZooWithTokens()));
  afterAll(() => zoo.close());

  it("embeds each animal's zoo beside its zoo link, on lists and single records", async () => {
    const reply = await get(zoo, '/v1/animals?limit=20&expand=zoo', admin);
    expect(reply.status).toBe(200);
    for (const animal of reply.body.animals as Json[]) {
      expect(linkHref(animal.links, 'zoo')).toBe(`/v1/zoos/${animal.zooId}`);
      const own = await get(zoo, `/v1/zoos/${animal.zooId}`, admin);
      expect(animal.zoo).toEqual(own.body);
    }
    const one = await get(zoo, '/v1/animals/1?expand=zoo', admin);
    expect(one.body.zoo.id).toBe(one.body.zooId);
    // Below the zoo, the same.
    expect((await get(zoo, `/v1/zoos/${one.body.zooId}/animals/1?expand=zoo`, admin)).body.zoo.id).toBe(one.body.zooId);
  });

  it('embeds the first animals of each zoo as a page whose nextPage leads to the rest', async () => {
    const zoos = (await get(zoo, '/v1/zoos?expand=animals', admin)).body.zoos as Json[];
    expect(zoos.length).toBeGreaterThan(0);
    for (const each of zoos) {
      const all = await everyRecord(zoo, linkHref(each.links, 'animals')!, admin, 'animals');
      expect(each.animals).toMatchObject({ offset: 0, limit: 10, total: all.length });
      expect(each.animals.animals).toEqual(all.slice(0, 10));
      const next = linkHref(each.animals.links, 'nextPage');
      if (all.length > 10) expect((await get(zoo, next!, admin)).body.animals).toEqual(all.slice(10, 20));
      else expect(next).toBeUndefined();
    }
    // A zoo with more animals than embedded: its page says so.
    const created = (await call(zoo, 'POST', '/v1/zoos', { token: admin, json: { name: 'Crowded' } })).body;
    for (let n = 0; n < 12; n++)
      await call(zoo, 'POST', `/v1/zoos/${created.id}/animals`, {
        token: admin,
        json: { name: `Kiwi ${n}`, species: 'kiwi', animalTypeId: 'bird' },
      });
    const crowded = (await get(zoo, `/v1/zoos/${created.id}?expand=animals`, admin)).body;
    expect(crowded.animals.total).toBe(12);
    expect(crowded.animals.animals).toHaveLength(10);
    expect(linkHref(crowded.animals.links, 'nextPage')).toBe(`/v1/zoos/${created.id}/animals?offset=10&limit=10`);
  });

  it('follows chains two relations deep and refuses deeper ones and unknown names with 400, listing what may be expanded', async () => {
    const employee = (await get(zoo, '/v1/employees/1?expand=salary.employee', admin)).body;
    expect(employee.salary.salaryStatements.length).toBeGreaterThan(0);
    for (const statement of employee.salary.salaryStatements)
      expect(statement.employee).toMatchObject({ id: '1', name: employee.name });
    const animal = (await get(zoo, '/v1/animals/1?expand=zoo.animals', admin)).body;
    expect(animal.zoo.animals.animals.map((a: Json) => a.id)).toContain('1');
    for (const [path, names] of [
      ['/v1/animals?expand=keeper', 'zoo'],
      ['/v1/animals?expand=zoo.animals.zoo', undefined],
      ['/v1/zoos/1?expand=animals.owner', 'zoo'],
      ['/v1/customers?expand=zoo', undefined],
      ['/v1/animals?expand=', 'zoo'],
    ] as const) {
      const reply = await get(zoo, path, admin);
      expectDetailedError(reply, 400);
      expect(reply.body.errorCode, path).toBe(1032);
      if (names) expect(reply.body.message, path).toContain(`may be expanded: ${names}`);
    }
  });

  it("keeps to the caller's scopes: no salary statements for a token without salary:read", async () => {
    expectAuthError(await get(zoo, '/v1/employees?expand=salary', reader), 403);
    expect((await get(zoo, '/v1/employees?expand=salary', admin)).status).toBe(200);
    expect((await get(zoo, '/v1/animals?expand=zoo', reader)).status).toBe(200);
  });

  it('changes the tag of an expanded answer when an embedded record changes, and revalidates otherwise', async () => {
    const first = await get(zoo, '/v1/animals?expand=zoo&limit=5', admin);
    const tag = first.headers.get('etag')!;
    expect(tag).not.toBe((await get(zoo, '/v1/animals?limit=5', admin)).headers.get('etag'));
    expect((await get(zoo, '/v1/animals?expand=zoo&limit=5', admin, { 'if-none-match': tag })).status).toBe(304);
    const zooId = first.body.animals[0].zooId as string;
    const current = await get(zoo, `/v1/zoos/${zooId}`, admin);
    await call(zoo, 'PATCH', `/v1/zoos/${zooId}`, {
      token: admin,
      json: { city: 'Elsewhere' },
      headers: { 'if-match': current.headers.get('etag')! },
    });
    const after = await get(zoo, '/v1/animals?expand=zoo&limit=5', admin, { 'if-none-match': tag });
    expect(after.status).toBe(200);
    expect(after.body.animals[0].zoo.city).toBe('Elsewhere');
  });

  it('is described in the OpenAPI document, with the relations each collection may expand', async () => {
    const document = (await get(zoo, '/v1/openapi.json')).body;
    const expand = (path: string) =>
      (document.paths[path].get.parameters as Json[]).find((p) => p.name === 'expand') as Json;
    expect(expand('/v1/animals').schema.items.enum).toEqual(['zoo', 'zoo.animals']);
    expect(expand('/v1/zoos/{id}').schema.items.enum).toEqual(['animals', 'animals.zoo']);
    expect(expand('/v1/employees').schema.items.enum).toEqual(['salary', 'salary.employee']);
    expect(expand('/v1/customers')).toBeUndefined();
    expect(document.components.schemas.Animals.properties.zoo.anyOf[0]).toEqual({ $ref: '#/components/schemas/Zoos' });
  });
});
