// Compile-time checks of @corral/client typed by the zoo's declarations: `tsc` fails if a wrong
// filter, sort field, record field or link rel is accepted. Nothing here sends a request.
import { createClient, type CollectionTypes, type Page, type RecordJson } from '@corral/client';
import { describe, expectTypeOf, it } from 'vitest';
import type { employeesCollection } from './collections/employees.js';
import type { salaryStatementsCollection } from './collections/salary-statements.js';
import type { zoosCollection } from './collections/zoos.js';
import type { animalsCollection } from './collections/animals.js';

type Zoo = {
  employees: CollectionTypes<
    ReturnType<typeof employeesCollection>,
    { salary: [ReturnType<typeof salaryStatementsCollection>] }
  >;
  zoos: CollectionTypes<ReturnType<typeof zoosCollection>, { animals: [ReturnType<typeof animalsCollection>] }>;
  animals: CollectionTypes<ReturnType<typeof animalsCollection>, { zoo: ReturnType<typeof zoosCollection> }>;
};

describe('@corral/client types from the zoo declarations', () => {
  const client = createClient<Zoo>({ baseUrl: 'http://127.0.0.1:1/v1' });
  const employees = client.collection('employees');
  // Only built, never called: each line is checked by the compiler.
  const checks = async () => {
    const page = await employees.list({ filter: { state: 'internal', maturity: 'senior' }, sort: 'name' });
    expectTypeOf(page.items[0]!.yearOfBirth).toEqualTypeOf<number>();
    expectTypeOf(page.items[0]!.state).toEqualTypeOf<'internal' | 'external'>();
    expectTypeOf(page.items[0]!.id).toEqualTypeOf<string>();
    // @ts-expect-error -- `name` is no declared filter
    await employees.list({ filter: { name: 'Bruno' } });
    // @ts-expect-error -- a filter value of the wrong type
    await employees.list({ filter: { state: 'retired' } });
    // @ts-expect-error -- zoos declare no filters, so a list of zoos takes none (the server would answer 400)
    await client.collection('zoos').list({ filter: { colour: 'red' } });
    // Operators, typed by the field: ranges of numbers, lists of enum values.
    await employees.list({
      filter: { year_of_birth: { gte: 1990, lt: 2000 }, maturity: { in: ['junior', 'senior'] } },
    });
    await employees.list({ filter: { year_of_birth: 1990, state: { in: ['internal'] } } });
    // @ts-expect-error -- a range bound of the wrong type
    await employees.list({ filter: { year_of_birth: { gte: '1990' } } });
    // @ts-expect-error -- `in` takes a list of the enum's values
    await employees.list({ filter: { maturity: { in: ['retired'] } } });
    // @ts-expect-error -- `gt` is not declared for maturity
    await employees.list({ filter: { maturity: { gt: 'junior' } } });
    // `fields` keeps only the chosen fields in the records' type.
    const named = await employees.list({ fields: ['name', 'state'] });
    expectTypeOf(named.items[0]!.name).toEqualTypeOf<string>();
    expectTypeOf(named.items[0]!.id).toEqualTypeOf<string>();
    // @ts-expect-error -- yearOfBirth was not selected
    expectTypeOf(named.items[0]!.yearOfBirth).toEqualTypeOf<number>();
    // @ts-expect-error -- `salary` is no field
    await employees.list({ fields: ['salary'] });
    // `expand` adds each named relation, typed: a record or null for a to-one, a page for a to-many.
    const animals = client.collection('animals');
    const withZoo = await animals.list({ expand: ['zoo'] });
    expectTypeOf(withZoo.items[0]!.zoo).toBeNullable();
    expectTypeOf(withZoo.items[0]!.zoo!.id).toEqualTypeOf<string>();
    // @ts-expect-error -- embedded records are plain JSON: follow their links with collection.follow
    await withZoo.items[0]!.zoo!.follow('animals');
    expectTypeOf(withZoo.items[0]!.zoo!.city).toEqualTypeOf<string | undefined>();
    expectTypeOf(withZoo.items[0]!.species).toEqualTypeOf<string>();
    const withAnimals = await client.collection('zoos').list({ expand: ['animals', 'animals.zoo'] });
    expectTypeOf(withAnimals.items[0]!.animals.total).toEqualTypeOf<number>();
    expectTypeOf(withAnimals.items[0]!.animals.animals[0]!.species).toEqualTypeOf<string>();
    // @ts-expect-error -- `keeper` is no relation of an animal
    await animals.list({ expand: ['keeper'] });
    // @ts-expect-error -- nothing was expanded
    expectTypeOf(named.items[0]!.salary).toBeUnknown();
    // fields and expand together.
    const both = await animals.list({ fields: ['name'], expand: ['zoo'] });
    expectTypeOf(both.items[0]!.zoo!.name).toEqualTypeOf<string>();
    // @ts-expect-error -- species was not selected
    expectTypeOf(both.items[0]!.species).toEqualTypeOf<string>();
    // @ts-expect-error -- `state` is not sortable
    await employees.list({ sort: 'state' });
    // @ts-expect-error -- `salary` is no field of an employee
    await employees.create({ name: 'A', yearOfBirth: 1990, state: 'internal', maturity: 'junior', salary: 1 });
    const employee = page.items[0]!;
    const statements = await employees.follow(employee, 'salary');
    expectTypeOf(statements).toEqualTypeOf<Page<Awaited<typeof statements>['items'][number]>>();
    expectTypeOf(statements.items[0]!.currency).toEqualTypeOf<string>();
    // @ts-expect-error -- `manager` is no link rel of an employee
    await employees.follow(employee, 'manager');
    // The record itself follows its links, typed the same way.
    const own = await employee.follow('salary');
    expectTypeOf(own).toEqualTypeOf<typeof statements>();
    expectTypeOf(await employee.follow('self')).toEqualTypeOf<typeof employee>();
    // @ts-expect-error -- `manager` is no link rel of an employee
    await employee.follow('manager');
    // Walking a followed list keeps its record type.
    for await (const statement of client.all(own)) expectTypeOf(statement.currency).toEqualTypeOf<string>();
    // Writes take a record the client returned, its plain JSON, or an id...
    await employees.patch({ ...employee }, { maturity: 'senior' });
    await employees.delete(employee.id);
    // ...but not a record of another collection (its self link would send the write there).
    const [zoo] = (await client.collection('zoos').list()).items;
    // @ts-expect-error -- a zoo is no employee
    await employees.delete(zoo!);
    // A copy is the plain JSON: no follow method (the collection's follow takes it).
    const copy: RecordJson<Zoo['employees']> = { ...employee };
    await employees.follow(copy, 'salary');
  };

  it('accepts the declared filters, sort fields and rels, and only those', () => {
    expectTypeOf(checks).toBeFunction();
  });

  it('leaves the untyped client open to any name', () => {
    const any = createClient({ baseUrl: 'http://127.0.0.1:1/v1' }).collection('whatever');
    expectTypeOf(any.list).toBeCallableWith({ filter: { anything: 'goes' }, sort: 'anyField' });
    // Its records follow any rel, untyped.
    expectTypeOf<Awaited<ReturnType<typeof any.get>>['follow']>().toBeCallableWith('anything');
  });
});
