// Cursor paging on the zoo's lists, black-box against the running service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyRecord, expectDetailedError, get, linkHref, type RunningZoo, startZooWithTokens } from './helpers.js';

type Row = Record<string, any>;
const ids = (records: Row[]) => records.map((r) => r.id);

describe('Cursor paging', () => {
  let zoo: RunningZoo;
  let admin: string;
  beforeAll(async () => ({ zoo, admin } = await startZooWithTokens()));
  afterAll(() => zoo.close());

  /** Every page from `path` on by nextPage, and the records met. */
  const walk = async (path: string) => {
    const records: Row[] = [];
    let pages = 0;
    for (let next: string | undefined = path; next !== undefined; pages++) {
      const page = await get(zoo, next, admin);
      expect(page.status, next).toBe(200);
      expect(page.body).not.toHaveProperty('offset');
      records.push(...page.body.animals);
      next = linkHref(page.body.links, 'nextPage');
    }
    return { records, pages };
  };

  it.each([
    '',
    '&sortby=name',
    '&sortby=yearOfBirth&order=desc',
    '&animal_type_id[in]=bird,mammal&sortby=name&order=desc',
  ])('meets every record once, in order, following nextPage (%s)', async (rest) => {
    const expected = await everyRecord(zoo, `/v1/animals?limit=100${rest}`, admin, 'animals');
    const { records, pages } = await walk(`/v1/animals?paging=cursor&limit=3${rest}`);
    expect(ids(records)).toEqual(ids(expected));
    expect(pages).toBe(Math.max(1, Math.ceil(expected.length / 3)));
  });

  it('walks back by previousPage from the last page', async () => {
    const expected = await everyRecord(zoo, '/v1/animals?limit=100&sortby=name', admin, 'animals');
    let path: string | undefined = '/v1/animals?paging=cursor&limit=4&sortby=name';
    let last: Row = {};
    while (path !== undefined) {
      last = (await get(zoo, path, admin)).body;
      path = linkHref(last.links, 'nextPage');
    }
    const seen: Row[] = [...last.animals];
    for (let previous = linkHref(last.links, 'previousPage'); previous !== undefined; ) {
      const page = await get(zoo, previous, admin);
      seen.unshift(...page.body.animals);
      previous = linkHref(page.body.links, 'previousPage');
    }
    expect(ids(seen)).toEqual(ids(expected));
  });

  it('refuses a changed or foreign cursor with 400 and code 1031, and mixed paging with 1004', async () => {
    const first = await get(zoo, '/v1/animals?paging=cursor&limit=3&sortby=name', admin);
    const after = new URL(linkHref(first.body.links, 'nextPage')!, zoo.origin).searchParams.get('after')!;
    for (const path of [
      `/v1/animals?paging=cursor&sortby=name&after=${after}x`,
      `/v1/animals?paging=cursor&sortby=yearOfBirth&after=${after}`,
      '/v1/animals?paging=cursor&after=eyJ9',
    ]) {
      const reply = await get(zoo, path, admin);
      expectDetailedError(reply, 400);
      expect(reply.body.errorCode, path).toBe(1031);
    }
    for (const path of ['/v1/animals?paging=cursor&offset=10', `/v1/animals?after=${after}`]) {
      const reply = await get(zoo, path, admin);
      expectDetailedError(reply, 400);
      expect(reply.body.errorCode, path).toBe(1004);
    }
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await get(zoo, '/v1/openapi.json')).body;
    const names = (document.paths['/v1/animals'].get.parameters as Row[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['paging', 'after', 'before']));
  });
});
