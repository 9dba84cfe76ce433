// zoo-api.md, "Collections and their fields": every collection's fields, required fields, filters,
// sortable fields, record links, the nested animals of a zoo, salary statements, query= and unknown
// query parameters.
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
  startZoo,
} from './helpers.js';

type Row = Record<string, any>;
const thisYear = new Date().getUTCFullYear();

/** Values in ascending (or descending) order: numbers numerically, strings as the service compares them. */
function isOrdered(values: unknown[], order: 'asc' | 'desc'): boolean {
  for (let i = 1; i < values.length; i++) {
    const [a, b] = order === 'asc' ? [values[i - 1], values[i]] : [values[i], values[i - 1]];
    if ((a as number | string) > (b as number | string)) return false;
  }
  return true;
}

/** The string properties of a record that a client sees as its data (not id, not links). */
const textValues = (record: Row) =>
  Object.entries(record)
    .filter(([k, v]) => k !== 'id' && k !== 'links' && typeof v === 'string')
    .map(([, v]) => v as string);

describe('Collections and their fields', () => {
  let zoo: RunningZoo;
  let admin: string;
  let zooIds: string[];
  let employeeId: string;
  let salaryPath: string;

  beforeAll(async () => {
    zoo = await startZoo();
    admin = await zoo.token('zoo-admin');
    zooIds = (await everyRecord(zoo, '/v1/zoos?limit=100', admin, 'zoos')).map((z) => z.id as string);
    const employee = (await get(zoo, '/v1/employees?limit=1', admin)).body.employees[0];
    employeeId = employee.id;
    salaryPath = linkHref(employee.links, 'salary')!;
  });
  afterAll(() => zoo.close());

  /** Every collection: its URL, a valid new record, its required fields. */
  const cases = () => [
    { name: 'zoos', path: '/v1/zoos', valid: { name: 'E2E Zoo', city: 'Bern' }, required: ['name'] },
    {
      name: 'animals',
      path: '/v1/animals',
      valid: { name: 'E2E Lynx', species: 'lynx', animalTypeId: 'mammal', zooId: zooIds[0], yearOfBirth: 2015 },
      required: ['animalTypeId', 'name', 'species', 'zooId'],
    },
    {
      name: 'employees',
      path: '/v1/employees',
      valid: { name: 'E2E Keeper', yearOfBirth: 1985, state: 'internal', maturity: 'senior' },
      required: ['maturity', 'name', 'state', 'yearOfBirth'],
    },
    {
      name: 'salaryStatements',
      path: salaryPath,
      valid: { period: '2031-05', grossAmount: 4200.5, currency: 'EUR' },
      required: ['currency', 'grossAmount', 'period'],
    },
    {
      name: 'customers',
      path: '/v1/customers',
      valid: { name: 'E2E Customer', email: 'e2e.customer@example.com', city: 'Bern' },
      required: ['name'],
    },
    {
      name: 'suppliers',
      path: '/v1/suppliers',
      valid: { name: 'E2E Supplier', email: 'e2e.supplier@example.com', city: 'Bern' },
      required: ['name'],
    },
  ];
  const names = ['zoos', 'animals', 'employees', 'salaryStatements', 'customers', 'suppliers'];
  const caseOf = (name: string) => cases().find((c) => c.name === name)!;

  describe('creating and reading records', () => {
    it.each(names)('%s: a valid record answers 201 with the record and a Location that serves it', async (name) => {
      const { path, valid } = caseOf(name);
      const created = await call(zoo, 'POST', path, { token: admin, json: valid });
      expect(created.status, created.text).toBe(201);
      expect(created.body).toMatchObject(valid);
      expect(created.body.id).toBeDefined();
      const location = created.headers.get('location');
      expect(location).toBeTruthy();
      expect(new URL(location!, zoo.origin).pathname).toBe(`${path}/${created.body.id}`);
      expect(linkHref(created.body.links, 'self')).toBe(`${path}/${created.body.id}`);
      const read = await get(zoo, location!, admin);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);
    });

    it.each(names)(
      '%s: a record without its required fields answers 422 naming each of them, and creates nothing',
      async (name) => {
        const { path, required } = caseOf(name);
        const before = (await get(zoo, path, admin)).body.total;
        const reply = await call(zoo, 'POST', path, { token: admin, json: {} });
        expectDetailedError(reply, 422);
        expect(failingFields(reply)).toEqual(required);
        expect((await get(zoo, path, admin)).body.total).toBe(before);
      },
    );

    it.each(names)('%s: every record carries a self link to itself', async (name) => {
      const { path } = caseOf(name);
      const records = await everyRecord(zoo, `${path}?limit=100`, admin, name);
      expect(records.length).toBeGreaterThan(0);
      for (const record of records) {
        expect(linkHref(record.links, 'self')).toBe(`${path}/${record.id}`);
      }
      const first = records[0]!;
      expect((await get(zoo, linkHref(first.links, 'self')!, admin)).body).toEqual(first);
    });
  });

  describe('the links of each record', () => {
    it('zoos link rel "animals" to /v1/zoos/<id>/animals, which lists that zoo\'s animals', async () => {
      const zoos = await everyRecord(zoo, '/v1/zoos?limit=100', admin, 'zoos');
      for (const record of zoos) expect(linkHref(record.links, 'animals')).toBe(`/v1/zoos/${record.id}/animals`);
      const withAnimals = zoos[0]!;
      const animals = await everyRecord(zoo, linkHref(withAnimals.links, 'animals')!, admin, 'animals');
      expect(animals.length).toBeGreaterThan(0);
      for (const animal of animals) expect(animal.zooId).toBe(withAnimals.id);
    });

    it('animals link rel "zoo" to their zoo', async () => {
      const animals = await everyRecord(zoo, '/v1/animals?limit=100', admin, 'animals');
      for (const animal of animals) expect(linkHref(animal.links, 'zoo')).toBe(`/v1/zoos/${animal.zooId}`);
      const first = animals[0]!;
      const parent = await get(zoo, linkHref(first.links, 'zoo')!, admin);
      expect(parent.status).toBe(200);
      expect(parent.body.id).toBe(first.zooId);
    });

    it('employees link rel "salary" to /v1/employees/<id>/salaryStatements, which lists their statements', async () => {
      const employees = await everyRecord(zoo, '/v1/employees?limit=100', admin, 'employees');
      for (const employee of employees)
        expect(linkHref(employee.links, 'salary')).toBe(`/v1/employees/${employee.id}/salaryStatements`);
      const statements = await get(zoo, linkHref(employees[0]!.links, 'salary')!, admin);
      expect(statements.status).toBe(200);
      expect(statements.body.salaryStatements.length).toBeGreaterThan(0);
      for (const statement of statements.body.salaryStatements) expect(statement.employeeId).toBe(employees[0]!.id);
    });
  });

  describe('animals', () => {
    it('accepts each animalTypeId mammal, bird, reptile, amphibian, fish, insect, and nothing else', async () => {
      for (const animalTypeId of ['mammal', 'bird', 'reptile', 'amphibian', 'fish', 'insect']) {
        const reply = await call(zoo, 'POST', '/v1/animals', {
          token: admin,
          json: { name: `Type ${animalTypeId}`, species: 'x', animalTypeId, zooId: zooIds[0] },
        });
        expect(reply.status, animalTypeId).toBe(201);
        expect(reply.body.animalTypeId).toBe(animalTypeId);
      }
      const dragon = await call(zoo, 'POST', '/v1/animals', {
        token: admin,
        json: { name: 'Smaug', species: 'dragon', animalTypeId: 'dragon', zooId: zooIds[0] },
      });
      expectDetailedError(dragon, 422);
      expect(failingFields(dragon)).toEqual(['animalTypeId']);
    });

    it('answers 422 for a zooId that names no existing zoo, and creates nothing', async () => {
      const before = (await get(zoo, '/v1/animals', admin)).body.total;
      const reply = await call(zoo, 'POST', '/v1/animals', {
        token: admin,
        json: { name: 'Lost', species: 'lynx', animalTypeId: 'mammal', zooId: 'no-such-zoo-999' },
      });
      expectDetailedError(reply, 422);
      expect(failingFields(reply)).toEqual(['zooId']);
      expect((await get(zoo, '/v1/animals', admin)).body.total).toBe(before);
      const patched = await call(zoo, 'PATCH', '/v1/animals/1', { token: admin, json: { zooId: 'no-such-zoo-999' } });
      expectDetailedError(patched, 422);
      expect(failingFields(patched)).toEqual(['zooId']);
    });

    it('keeps zooId naming an existing zoo when a zoo with animals is deleted (refused, or its animals go too)', async () => {
      const fresh = await startZoo();
      try {
        const token = await fresh.token('zoo-admin');
        const zooId = (await get(fresh, '/v1/zoos?limit=1', token)).body.zoos[0].id as string;
        const animals = await everyRecord(fresh, `/v1/animals?zoo_id=${zooId}&limit=100`, token, 'animals');
        expect(animals.length).toBeGreaterThan(0);
        const deleted = await call(fresh, 'DELETE', `/v1/zoos/${zooId}`, { token });
        if (deleted.status === 204) {
          // The zoo is gone: no animal may still name it.
          expect((await get(fresh, `/v1/animals?zoo_id=${zooId}`, token)).body.total).toBe(0);
        } else {
          expect(deleted.status).toBeGreaterThanOrEqual(400);
          expect(deleted.status).toBeLessThan(500);
          expect((await get(fresh, `/v1/zoos/${zooId}`, token)).status).toBe(200);
        }
        // Either way, what GET gives for an animal can be sent back with PUT, and a PATCH of its name works.
        for (const animal of animals) {
          const current = await get(fresh, `/v1/animals/${animal.id}`, token);
          if (current.status !== 200) continue;
          const put = await call(fresh, 'PUT', `/v1/animals/${animal.id}`, { token, json: current.body });
          expect(put.status, `PUT /v1/animals/${animal.id}: ${put.text}`).toBe(200);
          const patch = await call(fresh, 'PATCH', `/v1/animals/${animal.id}`, {
            token,
            json: { name: `${animal.name} II` },
          });
          expect(patch.status, `PATCH /v1/animals/${animal.id}: ${patch.text}`).toBe(200);
        }
      } finally {
        await fresh.close();
      }
    });

    it('wants yearOfBirth to be an integer', async () => {
      for (const yearOfBirth of [2015.5, '2015']) {
        const reply = await call(zoo, 'POST', '/v1/animals', {
          token: admin,
          json: { name: 'Odd', species: 'lynx', animalTypeId: 'mammal', zooId: zooIds[0], yearOfBirth },
        });
        expectDetailedError(reply, 422);
        expect(failingFields(reply)).toEqual(['yearOfBirth']);
      }
    });
  });

  describe('employees', () => {
    const employee = (changes: Row) => ({
      name: 'Year Check',
      yearOfBirth: 1980,
      state: 'external',
      maturity: 'junior',
      ...changes,
    });

    it('wants yearOfBirth to be an integer from 1900 to this year', async () => {
      for (const yearOfBirth of [1900, thisYear]) {
        expect(
          (await call(zoo, 'POST', '/v1/employees', { token: admin, json: employee({ yearOfBirth }) })).status,
          String(yearOfBirth),
        ).toBe(201);
      }
      for (const yearOfBirth of [1899, thisYear + 1, 1980.5, '1980']) {
        const reply = await call(zoo, 'POST', '/v1/employees', { token: admin, json: employee({ yearOfBirth }) });
        expectDetailedError(reply, 422);
        expect(failingFields(reply), String(yearOfBirth)).toEqual(['yearOfBirth']);
      }
    });

    it('wants state internal or external, and maturity junior, intermediate or senior, naming the valid values', async () => {
      for (const state of ['internal', 'external'])
        expect((await call(zoo, 'POST', '/v1/employees', { token: admin, json: employee({ state }) })).status).toBe(
          201,
        );
      for (const maturity of ['junior', 'intermediate', 'senior'])
        expect((await call(zoo, 'POST', '/v1/employees', { token: admin, json: employee({ maturity }) })).status).toBe(
          201,
        );
      const badState = await call(zoo, 'POST', '/v1/employees', { token: admin, json: employee({ state: 'retired' }) });
      expectDetailedError(badState, 422);
      expect(failingFields(badState)).toEqual(['state']);
      expect(badState.body.message).toMatch(/internal/);
      expect(badState.body.message).toMatch(/external/);
      const badMaturity = await call(zoo, 'POST', '/v1/employees', {
        token: admin,
        json: employee({ maturity: 'elder' }),
      });
      expectDetailedError(badMaturity, 422);
      expect(failingFields(badMaturity)).toEqual(['maturity']);
      for (const value of ['junior', 'intermediate', 'senior']) expect(badMaturity.body.message).toContain(value);
    });
  });

  describe('salary statements (below an employee)', () => {
    const statement = (changes: Row) => ({ period: '2030-06', grossAmount: 5000, currency: 'EUR', ...changes });

    it('wants period YYYY-MM', async () => {
      for (const period of ['2030-01', '2030-12'])
        expect(
          (await call(zoo, 'POST', salaryPath, { token: admin, json: statement({ period }) })).status,
          period,
        ).toBe(201);
      for (const period of ['2030-13', '2030-00', '2030-1', '30-01', '2030/01', '2030-01-15', 'June 2030']) {
        const reply = await call(zoo, 'POST', salaryPath, { token: admin, json: statement({ period }) });
        expectDetailedError(reply, 422);
        expect(failingFields(reply), period).toEqual(['period']);
      }
    });

    it('wants grossAmount a number >= 0', async () => {
      for (const grossAmount of [0, 0.01, 123456.78])
        expect((await call(zoo, 'POST', salaryPath, { token: admin, json: statement({ grossAmount }) })).status).toBe(
          201,
        );
      for (const grossAmount of [-0.01, -100, '5000']) {
        const reply = await call(zoo, 'POST', salaryPath, { token: admin, json: statement({ grossAmount }) });
        expectDetailedError(reply, 422);
        expect(failingFields(reply), String(grossAmount)).toEqual(['grossAmount']);
      }
    });

    it('wants currency 3 capital letters', async () => {
      for (const currency of ['EUR', 'CHF', 'USD'])
        expect((await call(zoo, 'POST', salaryPath, { token: admin, json: statement({ currency }) })).status).toBe(201);
      for (const currency of ['eur', 'Eur', 'EU', 'EURO', 'E1R', '']) {
        const reply = await call(zoo, 'POST', salaryPath, { token: admin, json: statement({ currency }) });
        expectDetailedError(reply, 422);
        expect(failingFields(reply), currency).toEqual(['currency']);
      }
    });

    it('takes employeeId from the path: read-only in bodies', async () => {
      const created = await call(zoo, 'POST', salaryPath, { token: admin, json: statement({}) });
      expect(created.status).toBe(201);
      expect(created.body.employeeId).toBe(employeeId);
      const named = await call(zoo, 'POST', salaryPath, { token: admin, json: statement({ employeeId }) });
      expectDetailedError(named, 422);
      expect(failingFields(named)).toEqual(['employeeId']);
      const moved = await call(zoo, 'PATCH', linkHref(created.body.links, 'self')!, {
        token: admin,
        json: { employeeId: 'someone-else' },
      });
      expectDetailedError(moved, 422);
      expect(failingFields(moved)).toEqual(['employeeId']);
    });

    it('serves a statement only below its own employee; an unknown employee answers 404', async () => {
      const created = await call(zoo, 'POST', salaryPath, { token: admin, json: statement({}) });
      const other = (await get(zoo, '/v1/employees?limit=2', admin)).body.employees[1];
      const elsewhere = await get(zoo, `${linkHref(other.links, 'salary')}/${created.body.id}`, admin);
      expectSimpleError(elsewhere, 404);
      expectSimpleError(await get(zoo, '/v1/employees/no-such-employee-999/salaryStatements', admin), 404);
      expectSimpleError(
        await call(zoo, 'POST', '/v1/employees/no-such-employee-999/salaryStatements', {
          token: admin,
          json: statement({}),
        }),
        404,
      );
    });
  });

  describe('filters', () => {
    it('filters animals by zoo_id (-> zooId) and animal_type_id (-> animalTypeId), alone and combined', async () => {
      const all = await everyRecord(zoo, '/v1/animals?limit=100', admin, 'animals');
      const zooId = zooIds[1]!;
      const byZoo = await everyRecord(zoo, `/v1/animals?zoo_id=${zooId}&limit=100`, admin, 'animals');
      expect(byZoo.map((a) => a.id)).toEqual(all.filter((a) => a.zooId === zooId).map((a) => a.id));
      expect(byZoo.length).toBeGreaterThan(0);
      const birds = await everyRecord(zoo, '/v1/animals?animal_type_id=bird&limit=100', admin, 'animals');
      expect(birds.map((a) => a.id)).toEqual(all.filter((a) => a.animalTypeId === 'bird').map((a) => a.id));
      expect(birds.length).toBeGreaterThan(0);
      const both = await everyRecord(
        zoo,
        `/v1/animals?zoo_id=${zooId}&animal_type_id=bird&limit=100`,
        admin,
        'animals',
      );
      expect(both.map((a) => a.id)).toEqual(
        all.filter((a) => a.zooId === zooId && a.animalTypeId === 'bird').map((a) => a.id),
      );
    });

    it('filters employees by state and maturity, alone and combined', async () => {
      const all = await everyRecord(zoo, '/v1/employees?limit=100', admin, 'employees');
      for (const state of ['internal', 'external']) {
        const page = await get(zoo, `/v1/employees?state=${state}&limit=100`, admin);
        expect(page.body.total).toBe(all.filter((e) => e.state === state).length);
        for (const e of page.body.employees) expect(e.state).toBe(state);
      }
      for (const maturity of ['junior', 'intermediate', 'senior']) {
        const page = await get(zoo, `/v1/employees?maturity=${maturity}&limit=100`, admin);
        expect(page.body.total).toBe(all.filter((e) => e.maturity === maturity).length);
      }
      const both = await get(zoo, '/v1/employees?state=internal&maturity=senior&limit=100', admin);
      expect(both.body.employees.map((e: Row) => e.id)).toEqual(
        all.filter((e) => e.state === 'internal' && e.maturity === 'senior').map((e) => e.id),
      );
      expect(both.body.total).toBeGreaterThan(0);
    });

    it("answers 400 for a filter value outside the field's values, stating the valid values", async () => {
      const state = await get(zoo, '/v1/employees?state=retired', admin);
      expectDetailedError(state, 400);
      expect(state.body.message).toContain('internal, external');
      const maturity = await get(zoo, '/v1/employees?maturity=elder', admin);
      expectDetailedError(maturity, 400);
      for (const value of ['junior', 'intermediate', 'senior']) expect(maturity.body.message).toContain(value);
      const type = await get(zoo, '/v1/animals?animal_type_id=dragon', admin);
      expectDetailedError(type, 400);
      for (const value of ['mammal', 'bird', 'reptile', 'amphibian', 'fish', 'insect'])
        expect(type.body.message).toContain(value);
    });
  });

  describe('sorting', () => {
    const sortable: [string, string, string][] = [
      ['zoos', '/v1/zoos', 'name'],
      ['zoos', '/v1/zoos', 'city'],
      ['animals', '/v1/animals', 'name'],
      ['animals', '/v1/animals', 'yearOfBirth'],
      ['employees', '/v1/employees', 'name'],
      ['employees', '/v1/employees', 'yearOfBirth'],
      ['salaryStatements', '/v1/employees/1/salaryStatements', 'period'],
      ['customers', '/v1/customers', 'name'],
      ['suppliers', '/v1/suppliers', 'name'],
    ];

    it.each(sortable)('%s (%s) sorts by %s, ascending and descending', async (name, path, field) => {
      const all = await everyRecord(zoo, `${path}?limit=100`, admin, name);
      for (const order of ['asc', 'desc'] as const) {
        const sorted = await everyRecord(zoo, `${path}?sortby=${field}&order=${order}&limit=100`, admin, name);
        expect(sorted).toHaveLength(all.length);
        const values = sorted.map((r) => r[field]).filter((v) => v !== undefined && v !== null);
        expect(isOrdered(values, order), `${field} ${order}: ${JSON.stringify(values)}`).toBe(true);
      }
    });

    it.each([
      ['/v1/zoos', 'id', ['name', 'city']],
      ['/v1/animals', 'species', ['name', 'yearOfBirth']],
      ['/v1/employees', 'state', ['name', 'yearOfBirth']],
      ['/v1/employees/1/salaryStatements', 'grossAmount', ['period']],
      ['/v1/customers', 'city', ['name']],
      ['/v1/suppliers', 'email', ['name']],
    ])('%s does not sort by %s: 400 naming the sortable fields', async (path, field, valid) => {
      const reply = await get(zoo, `${path}?sortby=${field}`, admin);
      expectDetailedError(reply, 400);
      for (const name of valid) expect(reply.body.message).toContain(name);
    });
  });

  describe('/v1/zoos/<zoo_id>/animals', () => {
    /** The comparable part of a list: everything but the paging links, whose path differs. */
    const content = (body: Row) => ({
      offset: body.offset,
      limit: body.limit,
      total: body.total,
      animals: body.animals,
    });

    it('lists exactly what /v1/animals?zoo_id=<zoo_id> lists, for every zoo', async () => {
      for (const zooId of zooIds) {
        const nested = await get(zoo, `/v1/zoos/${zooId}/animals`, admin);
        const filtered = await get(zoo, `/v1/animals?zoo_id=${zooId}`, admin);
        expect(nested.status).toBe(200);
        expect(Object.keys(nested.body).sort()).toEqual(['animals', 'limit', 'links', 'offset', 'total']);
        expect(content(nested.body)).toEqual(content(filtered.body));
      }
    });

    it('accepts the same paging, sorting and search parameters', async () => {
      const zooId = zooIds[1]!;
      const some = (await get(zoo, `/v1/animals?zoo_id=${zooId}&limit=1`, admin)).body.animals[0];
      const text = (some.name as string).slice(0, 2).toUpperCase();
      for (const query of [
        'offset=1&limit=3',
        'page=2&per_page=2',
        'sortby=name&order=desc',
        'sortby=yearOfBirth&order=asc&limit=4&offset=2',
        `query=${encodeURIComponent(text)}`,
        'animal_type_id=mammal',
        `query=${encodeURIComponent(text)}&sortby=name&limit=2`,
      ]) {
        const nested = await get(zoo, `/v1/zoos/${zooId}/animals?${query}`, admin);
        const filtered = await get(zoo, `/v1/animals?zoo_id=${zooId}&${query}`, admin);
        expect(nested.status, query).toBe(200);
        expect(content(nested.body), query).toEqual(content(filtered.body));
      }
    });

    it('builds its paging links on its own path, keeping the other parameters', async () => {
      const zooId = zooIds[1]!;
      const page = await get(zoo, `/v1/zoos/${zooId}/animals?sortby=name&order=desc&offset=1&limit=2`, admin);
      expect(linkHref(page.body.links, 'nextPage')).toBe(
        `/v1/zoos/${zooId}/animals?sortby=name&order=desc&offset=3&limit=2`,
      );
      expect(linkHref(page.body.links, 'previousPage')).toBe(
        `/v1/zoos/${zooId}/animals?sortby=name&order=desc&offset=0&limit=2`,
      );
    });

    it('answers 404 for a zoo that does not exist', async () => {
      expectSimpleError(await get(zoo, '/v1/zoos/no-such-zoo-999/animals', admin), 404);
    });

    it('DELETE /v1/zoos/<zoo_id>/animals/<animal_id>: 404 for an animal of another zoo or an unknown zoo; 204 for its own', async () => {
      const [zooA, zooB] = [zooIds[0]!, zooIds[1]!];
      const ofB = (await get(zoo, `/v1/zoos/${zooB}/animals?limit=1`, admin)).body.animals[0];
      expectSimpleError(await call(zoo, 'DELETE', `/v1/zoos/${zooA}/animals/${ofB.id}`, { token: admin }), 404);
      expect((await get(zoo, `/v1/animals/${ofB.id}`, admin)).status).toBe(200);
      expectSimpleError(await call(zoo, 'DELETE', `/v1/zoos/no-such-zoo-999/animals/${ofB.id}`, { token: admin }), 404);
      expect((await get(zoo, `/v1/animals/${ofB.id}`, admin)).status).toBe(200);

      const before = (await get(zoo, `/v1/zoos/${zooB}/animals`, admin)).body.total;
      const deleted = await call(zoo, 'DELETE', `/v1/zoos/${zooB}/animals/${ofB.id}`, { token: admin });
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect((await get(zoo, `/v1/animals/${ofB.id}`, admin)).status).toBe(410);
      expect((await get(zoo, `/v1/zoos/${zooB}/animals`, admin)).body.total).toBe(before - 1);
    });
  });

  describe('query=<text> on a collection', () => {
    const searchable: [string, string][] = [
      ['zoos', '/v1/zoos'],
      ['animals', '/v1/animals'],
      ['employees', '/v1/employees'],
      ['customers', '/v1/customers'],
      ['suppliers', '/v1/suppliers'],
    ];

    it.each(searchable)('%s: case-insensitive substring match', async (name, path) => {
      const all = await everyRecord(zoo, `${path}?limit=100`, admin, name);
      const sample = all[Math.floor(all.length / 2)]!;
      const text = (sample.name as string).slice(1, 4);
      for (const variant of [text.toUpperCase(), text.toLowerCase()]) {
        const found = await everyRecord(zoo, `${path}?query=${encodeURIComponent(variant)}&limit=100`, admin, name);
        expect(found.map((r) => r.id)).toContain(sample.id);
        for (const record of found) {
          expect(
            textValues(record).some((v) => v.toLowerCase().includes(text.toLowerCase())),
            JSON.stringify(record),
          ).toBe(true);
        }
        const byName = all
          .filter((r) => (r.name as string).toLowerCase().includes(text.toLowerCase()))
          .map((r) => r.id);
        expect(found.map((r) => r.id)).toEqual(expect.arrayContaining(byName));
      }
    });

    it('matches the other text fields too: a zoo by its city, a customer by e-mail and city', async () => {
      const aZoo = (await get(zoo, '/v1/zoos?limit=1', admin)).body.zoos[0];
      const byCity = await get(
        zoo,
        `/v1/zoos?query=${encodeURIComponent((aZoo.city as string).toUpperCase())}&limit=100`,
        admin,
      );
      expect(byCity.body.zoos.map((z: Row) => z.id)).toContain(aZoo.id);
      const created = await call(zoo, 'POST', '/v1/customers', {
        token: admin,
        json: { name: 'Plain Name', email: 'QuirkyMailbox@example.com', city: 'Xylophonville' },
      });
      expect(created.status).toBe(201);
      const byEmail = await get(zoo, '/v1/customers?query=quirkymailbox', admin);
      expect(byEmail.body.customers.map((c: Row) => c.id)).toEqual([created.body.id]);
      const byOtherCity = await get(zoo, '/v1/customers?query=XYLOPHON', admin);
      expect(byOtherCity.body.customers.map((c: Row) => c.id)).toEqual([created.body.id]);
    });

    it('salary statements: query matches their text fields (period, currency) case-insensitively', async () => {
      const created = await call(zoo, 'POST', salaryPath, {
        token: admin,
        json: { period: '2033-03', grossAmount: 1, currency: 'NOK' },
      });
      expect(created.status).toBe(201);
      const byCurrency = await get(zoo, `${salaryPath}?query=nok`, admin);
      expect(byCurrency.status, byCurrency.text).toBe(200);
      expect(byCurrency.body.salaryStatements.map((s: Row) => s.id)).toEqual([created.body.id]);
      const byPeriod = await get(zoo, `${salaryPath}?query=2033-03`, admin);
      expect(byPeriod.status, byPeriod.text).toBe(200);
      expect(byPeriod.body.salaryStatements.map((s: Row) => s.id)).toEqual([created.body.id]);
    });
  });

  describe('unknown query parameters', () => {
    it.each([
      ['/v1/zoos', ['offset', 'limit', 'page', 'per_page', 'sortby', 'order', 'query']],
      ['/v1/animals', ['offset', 'limit', 'page', 'per_page', 'sortby', 'order', 'query', 'zoo_id', 'animal_type_id']],
      ['/v1/zoos/1/animals', ['offset', 'limit', 'page', 'per_page', 'sortby', 'order', 'query']],
      ['/v1/employees', ['offset', 'limit', 'page', 'per_page', 'sortby', 'order', 'query', 'state', 'maturity']],
      ['/v1/employees/1/salaryStatements', ['offset', 'limit', 'page', 'per_page', 'sortby', 'order']],
      ['/v1/customers', ['offset', 'limit', 'page', 'per_page', 'sortby', 'order', 'query']],
      ['/v1/suppliers', ['offset', 'limit', 'page', 'per_page', 'sortby', 'order', 'query']],
    ])('%s answers 400 listing the accepted ones', async (path, accepted) => {
      for (const unknown of ['color=red', 'zooId=1', 'sort=name']) {
        const reply = await get(zoo, `${path}?${unknown}`, admin);
        expectDetailedError(reply, 400);
        expect(reply.body.message).toContain(unknown.split('=')[0]);
        for (const name of accepted) expect(reply.body.message, `${path}?${unknown}`).toContain(name);
      }
    });
  });
});
