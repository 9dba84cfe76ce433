// @corral/client against the running zoo API over real sockets, with tokens from its embedded
// authorization server: the typed program of issue 15.
import {
  ConflictError,
  CorralClientError,
  createClient,
  hrefOf,
  type CollectionTypes,
  type CorralClient,
} from '@corral/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { employeesCollection } from './collections/employees.js';
import type { salaryStatementsCollection } from './collections/salary-statements.js';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

type Employees = ReturnType<typeof employeesCollection>;
type Statements = ReturnType<typeof salaryStatementsCollection>;
/** The zoo as the client sees it: typed from the declarations, with the link rels named. */
type Zoo = {
  employees: CollectionTypes<Employees, { salary: [Statements] }>;
};

const adminAuth = (origin: string) => ({
  issuer: `${origin}/oauth`,
  clientId: 'zoo-admin',
  clientSecret: 'zoo-admin-secret',
});

describe('@corral/client on the zoo API', () => {
  let zoo: RunningZoo;
  let client: CorralClient<Zoo>;
  beforeAll(async () => {
    zoo = await startZoo();
    client = createClient<Zoo>({ baseUrl: `${zoo.origin}/v1`, auth: adminAuth(zoo.origin) });
  });
  afterAll(async () => {
    await client.close();
    await zoo.close();
  });

  it('lists every employee through the iterator, as many as total says', async () => {
    const employees = client.collection('employees');
    const first = await employees.list({ limit: 3 });
    const names: string[] = [];
    for await (const employee of employees.all({ limit: 3 })) names.push(employee.name);
    expect(first.total).toBeGreaterThan(3);
    expect(names).toHaveLength(first.total);
  });

  it('sends filters, sorting and search, and the page says what it used', async () => {
    const page = await client
      .collection('employees')
      .list({ filter: { state: 'internal' }, sort: 'yearOfBirth', order: 'desc', limit: 100 });
    expect(page.items.every((employee) => employee.state === 'internal')).toBe(true);
    const years = page.items.map((employee) => employee.yearOfBirth);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(page.total).toBe(page.items.length);
  });

  it('embeds salary statements with expand, typed by the link map, and their page leads on', async () => {
    const page = await client.collection('employees').list({ expand: ['salary'], limit: 3 });
    for (const employee of page.items) {
      const followed = await employee.follow('salary');
      expect(employee.salary.total).toBe(followed.total);
      expect(employee.salary.salaryStatements.map((statement) => statement.id)).toEqual(
        followed.items.slice(0, 10).map((statement) => statement.id),
      );
      expect(employee.salary.salaryStatements.every((statement) => statement.currency.length === 3)).toBe(true);
    }
  });

  it('follows an employee to its salary statements', async () => {
    const employees = client.collection('employees');
    const [employee] = (await employees.list({ limit: 1 })).items;
    const statements = await employees.follow(employee!, 'salary');
    expect(statements.total).toBeGreaterThan(0);
    expect(statements.items[0]?.currency).toMatch(/^[A-Z]{3}$/);
  });

  it('lets a record follow its own links, and stays the plain JSON the server sent', async () => {
    const [employee] = (await client.collection('employees').list({ limit: 1 })).items;
    const statements = await employee!.follow('salary');
    expect(statements.items[0]?.currency).toMatch(/^[A-Z]{3}$/);
    // A followed list's records can follow their links too (untyped: the map names no rels for them).
    const self = (await statements.items[0]!.follow('self')) as { id: string };
    expect(self.id).toBe(statements.items[0]!.id);
    // `follow` is not enumerable: serializing, spreading and cloning see only the server's JSON.
    expect(Object.keys(employee!)).not.toContain('follow');
    expect(JSON.parse(JSON.stringify(employee))).toEqual({ ...employee });
    expect(structuredClone(employee)).toEqual({ ...employee });
    await expect(employee!.follow('nothing' as 'salary')).rejects.toThrow(
      /No link "nothing" here; the document links: self, salary/,
    );
  });

  it('refuses to write to a record of another collection through its self link', async () => {
    const untyped = createClient({ baseUrl: `${zoo.origin}/v1`, auth: adminAuth(zoo.origin) });
    const [aZoo] = (await untyped.collection('zoos').list({ limit: 1 })).items;
    await expect(untyped.collection('employees').delete(aZoo!)).rejects.toThrow(
      /is not a record of the collection at .*\/v1\/employees/,
    );
    expect((await untyped.collection('zoos').get(aZoo!.id)).id).toBe(aZoo!.id); // still there
    await untyped.close();
  });

  it('walks every page of a list reached by a link', async () => {
    const employees = client.collection('employees');
    let employee: Awaited<ReturnType<typeof employees.get>> | undefined;
    for await (const candidate of employees.all({ limit: 100 }))
      if ((await candidate.follow('salary')).total >= 3) employee ??= candidate;
    expect(employee, 'the demo data has an employee with three salary statements or more').toBeDefined();
    const first = await employee!.follow('salary');
    const ids: string[] = [];
    for await (const statement of client.all(first)) ids.push(statement.id);
    expect(ids).toHaveLength(first.total);
    // One record per page: the walk follows `nextPage` from a URL the server gave.
    const pages: number[] = [];
    for await (const page of client.pages(`${hrefOf(employee!, 'salary')!}?limit=1`)) pages.push(page.items.length);
    expect(pages).toEqual(Array.from({ length: first.total }, () => 1));
  });

  it('creates, reads with If-None-Match, patches, replaces and deletes with the remembered ETag', async () => {
    const employees = client.collection('employees');
    const { record, url } = await employees.create({
      name: 'Ada Client',
      yearOfBirth: 1990,
      state: 'internal',
      maturity: 'junior',
    });
    expect(url).toBe(`${zoo.origin}/v1/employees/${record.id}`);
    expect(await employees.get(record.id)).toEqual(record); // answered 304 from the remembered body
    const patched = await employees.patch(record, { maturity: 'senior' });
    expect(patched.maturity).toBe('senior');
    const replaced = await employees.replace(record.id, {
      name: 'Ada Client',
      yearOfBirth: 1991,
      state: 'external',
      maturity: 'senior',
    });
    expect(replaced.yearOfBirth).toBe(1991);
    await employees.delete(record);
    await expect(employees.get(record.id)).rejects.toMatchObject({ status: 410 }); // gone, as the server says of deleted ids
  });

  it('refuses a write over a stale ETag with a ConflictError carrying the current record', async () => {
    const employees = client.collection('employees');
    const { record } = await employees.create({
      name: 'Stale Tag',
      yearOfBirth: 1980,
      state: 'internal',
      maturity: 'junior',
    });
    // Someone else changes the record meanwhile (another client, its own tags).
    const other = createClient<Zoo>({ baseUrl: `${zoo.origin}/v1`, auth: adminAuth(zoo.origin) });
    await other.collection('employees').patch(record.id, { maturity: 'intermediate' }, { ifMatch: false });
    await other.close();
    const refused = await employees.patch(record, { name: 'Lost Update' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    const conflict = refused as ConflictError<typeof record>;
    expect(conflict.status).toBe(412);
    expect(conflict.current).toMatchObject({ id: record.id, name: 'Stale Tag', maturity: 'intermediate' });
    // The current record's tag is now remembered: the retry goes through.
    expect((await employees.patch(record, { name: 'Merged Update' })).name).toBe('Merged Update');
  });

  it('turns every error body into a CorralClientError with its code, fields and request id', async () => {
    const refused = await client
      .collection('employees')
      .create({ name: '', yearOfBirth: 1800, state: 'internal', maturity: 'junior' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CorralClientError);
    const error = refused as CorralClientError;
    expect(error).toMatchObject({ status: 422, errorCode: 1007, documentationUrl: `${zoo.origin}/v1/errors/1007` });
    expect(error.fieldErrors.map((entry) => entry.field).sort()).toEqual(['name', 'yearOfBirth']);
    expect(error.requestId).toMatch(/.+/);
    const unfiltered = createClient({ baseUrl: `${zoo.origin}/v1`, auth: adminAuth(zoo.origin) });
    await expect(unfiltered.collection('employees').list({ filter: { state: 'retired' } })).rejects.toMatchObject({
      status: 400,
      errorCode: 1001,
    });
    await unfiltered.close();
  });
});

describe('@corral/client: jobs and rate limits', () => {
  let zoo: RunningZoo;
  afterAll(() => zoo.close());

  it('runs an async bulk write to completion', async () => {
    zoo = await startZoo();
    const client = createClient<Zoo>({ baseUrl: `${zoo.origin}/v1`, auth: adminAuth(zoo.origin), jobPollMs: 50 });
    const employees = client.collection('employees');
    const { items } = await employees.list({ limit: 2 });
    const renamed = items.map(({ links: _links, ...employee }) => ({ ...employee, name: `${employee.name} (bulk)` }));
    const job = await employees.replaceAll(renamed, { async: true });
    expect(job.url).toMatch(new RegExp(`^${zoo.origin}/v1/jobs/`));
    const result = (await job.result()) as {
      updated: number;
      employees: { id: string; follow(rel: string): Promise<unknown> }[];
    };
    expect(result).toMatchObject({ updated: 2 });
    // The records of a job's result follow their links too.
    expect(((await result.employees[0]!.follow('self')) as { id: string }).id).toBe(result.employees[0]!.id);
    for (const employee of renamed) expect((await employees.get(employee.id)).name).toBe(employee.name);
    await client.close();
  });
});

describe('@corral/client: retries after 429', () => {
  let zoo: RunningZoo;
  beforeAll(async () => (zoo = await startZoo({ RATE_LIMIT: '3', RATE_LIMIT_WINDOW: '1' })));
  afterAll(() => zoo.close());

  it('waits what Retry-After says and gets its answer', async () => {
    const client = createClient({ baseUrl: `${zoo.origin}/v1`, auth: adminAuth(zoo.origin), etagCacheSize: 0 });
    const employees = client.collection('employees');
    const started = Date.now();
    const totals = await Promise.all(
      Array.from({ length: 6 }, () => employees.list({ limit: 1 }).then((page) => page.total)),
    );
    expect(new Set(totals).size).toBe(1);
    expect(Date.now() - started).toBeGreaterThan(300); // some had to wait for the next window
    await client.close();
  });
});
