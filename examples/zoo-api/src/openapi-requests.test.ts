import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractChecker } from './testing/contract.js';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

// The OpenAPI document must not mislead a typed or validating client: every body it allows is
// taken by the server, and every body it forbids is refused by the server too.
let zoo: RunningZoo;
let admin: string;
let contract: ReturnType<typeof contractChecker>;

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${zoo.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${admin}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag') ?? '', json: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  zoo = await startZoo();
  admin = await zoo.token('zoo-admin');
  contract = contractChecker(await (await fetch(`${zoo.origin}/v1/openapi.json`)).json());
});
afterAll(() => zoo.close());

describe('request bodies: the document and the server agree', () => {
  it.each(['zoos', 'animals', 'employees', 'customers', 'suppliers'])(
    'PUT of what GET returned is allowed by both (%s)',
    async (name) => {
      const read = await send('GET', `/v1/${name}/1`);
      expect(contract.requestProblems('PUT', `/v1/${name}/1`, read.json)).toEqual([]);
      expect((await send('PUT', `/v1/${name}/1`, read.json, { 'if-match': read.etag })).status).toBe(200);
    },
  );

  it('a bulk PUT of records as read, each with its id, is allowed by both', async () => {
    const page = await send('GET', '/v1/zoos?limit=2');
    expect(contract.requestProblems('PUT', '/v1/zoos', page.json.zoos)).toEqual([]);
    expect((await send('PUT', '/v1/zoos', page.json.zoos)).status).toBe(200);
  });

  it('a bulk item without its id is refused by both', async () => {
    const { id: _id, links: _links, ...withoutId } = (await send('GET', '/v1/zoos/1')).json;
    expect(contract.requestProblems('PUT', '/v1/zoos', [withoutId])).not.toEqual([]);
    expect((await send('PUT', '/v1/zoos', [withoutId])).status).toBe(422);
  });

  it('a nested POST and PUT may leave out the parent key the path gives', async () => {
    const animal = { name: 'Okapi', species: 'okapi', animalTypeId: 'mammal' };
    expect(contract.requestProblems('POST', '/v1/zoos/1/animals', animal)).toEqual([]);
    const created = await send('POST', '/v1/zoos/1/animals', animal);
    expect(created.status).toBe(201);
    const path = `/v1/zoos/1/animals/${created.json.id}`;
    expect(contract.requestProblems('PUT', path, { ...animal, name: 'Okapi II' })).toEqual([]);
    expect((await send('PUT', path, { ...animal, name: 'Okapi II' })).status).toBe(200);
  });

  it('an id on create is refused by both', async () => {
    const zoo = { id: '77', name: 'Id Zoo', city: 'Bern' };
    expect(contract.requestProblems('POST', '/v1/zoos', zoo)).not.toEqual([]);
    expect((await send('POST', '/v1/zoos', zoo)).status).toBe(422);
  });

  it('a merge patch nulling a required property is refused by both', async () => {
    expect(contract.requestProblems('PATCH', '/v1/zoos/2', { name: null }, 'application/merge-patch+json')).not.toEqual(
      [],
    );
    expect(
      (await send('PATCH', '/v1/zoos/2', { name: null }, { 'content-type': 'application/merge-patch+json' })).status,
    ).toBe(422);
  });

  it('an email longer than 254 characters is refused by both (no string input is unbounded)', async () => {
    const customer = { name: 'Long Mail', email: `${'a'.repeat(300)}@example.com` };
    expect(contract.requestProblems('POST', '/v1/customers', customer)).not.toEqual([]);
    const res = await send('POST', '/v1/customers', customer);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ field: 'email', message: expect.any(String) }]);
  });

  it('search without its query is refused by both', async () => {
    const parameters = (await (await fetch(`${zoo.origin}/v1/openapi.json`)).json()).paths['/v1/search'].get.parameters;
    expect(parameters.find((p: { name: string }) => p.name === 'query').required).toBe(true);
    expect(parameters.find((p: { name: string }) => p.name === 'limit').schema.type).toBe('integer');
    expect((await send('GET', '/v1/search')).status).toBe(400);
  });
});
