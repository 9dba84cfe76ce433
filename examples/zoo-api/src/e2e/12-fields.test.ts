// ?fields= on the zoo's lists and records, black-box against the running service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetailedError, get, type RunningZoo, startZooWithTokens } from './helpers.js';

describe('Field selection', () => {
  let zoo: RunningZoo;
  let admin: string;
  beforeAll(async () => ({ zoo, admin } = await startZooWithTokens()));
  afterAll(() => zoo.close());

  it('sends only the chosen properties of each record of a list, with id and links', async () => {
    const whole = await get(zoo, '/v1/animals?limit=5', admin);
    const reply = await get(zoo, '/v1/animals?limit=5&fields=name,species', admin);
    expect(reply.status).toBe(200);
    expect(reply.body.total).toBe(whole.body.total);
    expect(reply.body.animals).toEqual(
      whole.body.animals.map((a: Record<string, unknown>) => ({
        id: a.id,
        name: a.name,
        species: a.species,
        links: a.links,
      })),
    );
    expect(reply.headers.get('etag')).not.toBe(whole.headers.get('etag'));
  });

  it('does the same for one record, with a tag of its own that revalidates', async () => {
    const whole = await get(zoo, '/v1/employees/1', admin);
    const reply = await get(zoo, '/v1/employees/1?fields=maturity', admin);
    expect(reply.body).toEqual({ id: '1', maturity: whole.body.maturity, links: whole.body.links });
    const tag = reply.headers.get('etag')!;
    expect(tag).not.toBe(whole.headers.get('etag'));
    expect((await get(zoo, '/v1/employees/1?fields=maturity', admin, { 'if-none-match': tag })).status).toBe(304);
  });

  it('refuses a field the records do not have with 400, naming those they have', async () => {
    for (const path of ['/v1/animals?fields=colour', '/v1/animals?fields=', '/v1/employees/1?fields=salary']) {
      const reply = await get(zoo, path, admin);
      expectDetailedError(reply, 400);
      expect(reply.body.errorCode, path).toBe(1001);
    }
    expect((await get(zoo, '/v1/animals?fields=colour', admin)).body.message).toContain(
      'may be: name, species, animalTypeId, zooId, yearOfBirth',
    );
  });

  it('is described in the OpenAPI document for lists and records', async () => {
    const document = (await get(zoo, '/v1/openapi.json')).body;
    for (const path of ['/v1/animals', '/v1/animals/{id}']) {
      const fields = (document.paths[path].get.parameters as Record<string, any>[]).find((p) => p.name === 'fields');
      expect(fields, path).toMatchObject({
        in: 'query',
        style: 'form',
        explode: false,
        schema: {
          type: 'array',
          items: { enum: ['name', 'species', 'animalTypeId', 'zooId', 'yearOfBirth', 'id', 'links'] },
        },
      });
    }
  });
});
