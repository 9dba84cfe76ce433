// The comparison filters the zoo declares: ranges of year_of_birth (employees, animals) and lists
// of enum values (`in`), black-box against the running service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  everyRecord,
  expectDetailedError,
  get,
  linkHref,
  type RunningZoo,
  startZooWithTokens,
} from './helpers.js';

type Row = Record<string, any>;
const ids = (records: Row[]) => records.map((r) => r.id);

describe('Filters with operators', () => {
  let zoo: RunningZoo;
  let admin: string;
  let employees: Row[];
  let animals: Row[];
  beforeAll(async () => {
    ({ zoo, admin } = await startZooWithTokens());
    employees = await everyRecord(zoo, '/v1/employees?limit=100', admin, 'employees');
    animals = await everyRecord(zoo, '/v1/animals?limit=100', admin, 'animals');
  });
  afterAll(() => zoo.close());

  const listed = async (path: string, property: string) => {
    const records = await everyRecord(zoo, path, admin, property);
    const first = await get(zoo, path, admin);
    expect(first.body.total).toBe(records.length);
    return records;
  };

  it('selects a range of years with gte and lt, walking every page with the links', async () => {
    const expected = employees.filter((e) => e.yearOfBirth >= 1980 && e.yearOfBirth < 1990);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(employees.length);
    expect(
      ids(await listed('/v1/employees?year_of_birth[gte]=1980&year_of_birth[lt]=1990&limit=2', 'employees')),
    ).toEqual(ids(expected));
  });

  it('takes gt, lte and eq too, and sorts a range', async () => {
    const years = [...new Set(employees.map((e) => e.yearOfBirth as number))].sort();
    const middle = years[Math.floor(years.length / 2)]!;
    expect(ids(await listed(`/v1/employees?year_of_birth[gt]=${middle}`, 'employees'))).toEqual(
      ids(employees.filter((e) => e.yearOfBirth > middle)),
    );
    expect(ids(await listed(`/v1/employees?year_of_birth[lte]=${middle}`, 'employees'))).toEqual(
      ids(employees.filter((e) => e.yearOfBirth <= middle)),
    );
    expect(ids(await listed(`/v1/employees?year_of_birth[eq]=${middle}`, 'employees'))).toEqual(
      ids(employees.filter((e) => e.yearOfBirth === middle)),
    );
    const sorted = await listed(
      `/v1/employees?year_of_birth[gte]=${middle}&sortby=yearOfBirth&order=desc`,
      'employees',
    );
    const keys = sorted.map((e) => e.yearOfBirth as number);
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
  });

  it('leaves animals without a year of birth out of a range', async () => {
    const unknownAge = await call(zoo, 'POST', '/v1/animals', {
      token: admin,
      json: { name: 'Foundling', species: 'Owl', animalTypeId: 'bird', zooId: '1' },
    });
    expect(unknownAge.status).toBe(201);
    animals = await everyRecord(zoo, '/v1/animals?limit=100', admin, 'animals');
    expect(animals.some((a) => a.yearOfBirth === undefined)).toBe(true);
    const expected = animals.filter((a) => typeof a.yearOfBirth === 'number' && a.yearOfBirth <= 2015);
    expect(ids(await listed('/v1/animals?year_of_birth[lte]=2015&limit=50', 'animals'))).toEqual(ids(expected));
  });

  it('selects any of a list of enum values with in, alone and beside other filters', async () => {
    expect(ids(await listed('/v1/employees?maturity[in]=junior,senior', 'employees'))).toEqual(
      ids(employees.filter((e) => ['junior', 'senior'].includes(e.maturity))),
    );
    expect(ids(await listed('/v1/employees?state=internal&maturity[in]=intermediate', 'employees'))).toEqual(
      ids(employees.filter((e) => e.state === 'internal' && e.maturity === 'intermediate')),
    );
    expect(ids(await listed('/v1/animals?animal_type_id[in]=bird,fish,mammal', 'animals'))).toEqual(
      ids(animals.filter((a) => ['bird', 'fish', 'mammal'].includes(a.animalTypeId))),
    );
  });

  it('takes in as repeated parameters too, as query serializers send arrays', async () => {
    const repeated = await listed('/v1/employees?maturity[in]=junior&maturity[in]=senior', 'employees');
    expect(ids(repeated)).toEqual(ids(await listed('/v1/employees?maturity[in]=junior,senior', 'employees')));
    expect(ids(repeated)).toEqual(ids(employees.filter((e) => ['junior', 'senior'].includes(e.maturity))));
    // Any other parameter given twice is still refused, naming it.
    const twice = await get(zoo, '/v1/employees?state=internal&state=external', admin);
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ errorCode: 1003 });
    expect(twice.body.message).toContain('"state"');
  });

  it('keeps the operators in the paging links', async () => {
    const page = await get(zoo, '/v1/employees?maturity[in]=junior,senior&year_of_birth[gte]=1900&limit=1', admin);
    const next = new URL(linkHref(page.body.links, 'nextPage')!, zoo.origin);
    expect(Object.fromEntries(next.searchParams)).toEqual({
      'maturity[in]': 'junior,senior',
      'year_of_birth[gte]': '1900',
      offset: '1',
      limit: '1',
    });
  });

  it('refuses an undeclared operator with 400, code 1030 and the forms the filter accepts', async () => {
    for (const path of [
      '/v1/employees?maturity[gt]=junior',
      '/v1/employees?year_of_birth[in]=1990',
      '/v1/employees?year_of_birth[between]=1',
      '/v1/animals?zoo_id[ne]=1',
    ]) {
      const reply = await get(zoo, path, admin);
      expectDetailedError(reply, 400);
      expect(reply.body.errorCode, path).toBe(1030);
    }
    const reply = await get(zoo, '/v1/employees?maturity[gt]=junior', admin);
    expect(reply.body.message).toContain('It accepts: maturity, maturity[eq], maturity[in]');
  });

  it('refuses values the field would not take, with 400 and code 1001', async () => {
    for (const path of [
      '/v1/employees?year_of_birth[gte]=abc',
      '/v1/employees?year_of_birth[lt]=1990.5',
      '/v1/employees?maturity[in]=junior,retired',
      '/v1/employees?maturity[in]=',
      `/v1/employees?state[in]=${Array(101).fill('internal').join(',')}`,
    ]) {
      const reply = await get(zoo, path, admin);
      expectDetailedError(reply, 400);
      expect(reply.body.errorCode, path).toBe(1001);
    }
    expect((await get(zoo, '/v1/employees?year_of_birth[gte]=1&year_of_birth[gte]=2', admin)).body.errorCode).toBe(
      1003,
    );
  });

  it('describes every form in the OpenAPI document', async () => {
    const document = (await get(zoo, '/v1/openapi.json')).body;
    const names = (document.paths['/v1/employees'].get.parameters as Row[]).map((p) => (p.$ref ? p.$ref : p.name));
    expect(names).toEqual(
      expect.arrayContaining([
        'state',
        'state[eq]',
        'state[in]',
        'maturity',
        'maturity[eq]',
        'maturity[in]',
        'year_of_birth',
        'year_of_birth[gt]',
        'year_of_birth[gte]',
        'year_of_birth[lt]',
        'year_of_birth[lte]',
      ]),
    );
    const list = (document.paths['/v1/employees'].get.parameters as Row[]).find((p) => p.name === 'maturity[in]');
    expect(list).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { enum: ['junior', 'intermediate', 'senior'] } },
    });
  });
});
