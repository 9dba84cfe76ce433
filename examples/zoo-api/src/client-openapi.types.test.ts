// Compile-time checks of @corral/client typed from the zoo's OpenAPI document alone (openapi-typescript's
// `paths`, committed in test-fixtures/zoo-openapi.ts), as a consumer without the server's source
// types it: the same mistakes client.types.test.ts shows refused must be refused here. Nothing is sent.
import { createClient, type OpenApiTypes, type Page } from '@corral/client';
import { describe, expectTypeOf, it } from 'vitest';
import type { paths } from '../test-fixtures/zoo-openapi.js';

type Zoo = OpenApiTypes<paths, '/v1'>;

describe('@corral/client types from the OpenAPI document', () => {
  const client = createClient<Zoo>({ baseUrl: 'http://127.0.0.1:1/v1' });
  const employees = client.collection('employees');
  // Only built, never called: each line is checked by the compiler.
  const checks = async () => {
    // @ts-expect-error -- the document has no collection `keepers`
    client.collection('keepers');
    // @ts-expect-error -- nested lists are reached by links, not by name
    client.collection('salaryStatements');
    // @ts-expect-error -- the documentation page is no collection
    client.collection('docs');
    const page = await employees.list({ filter: { state: 'internal', maturity: 'senior' }, sort: 'name' });
    expectTypeOf(page.items[0]!.yearOfBirth).toEqualTypeOf<number>();
    expectTypeOf(page.items[0]!.state).toEqualTypeOf<'internal' | 'external'>();
    expectTypeOf(page.items[0]!.id).toEqualTypeOf<string>();
    // @ts-expect-error -- `name` is no filter of the list
    await employees.list({ filter: { name: 'Bruno' } });
    // @ts-expect-error -- a filter value of the wrong type
    await employees.list({ filter: { state: 'retired' } });
    // @ts-expect-error -- zoos have no filters, so a list of zoos takes none
    await client.collection('zoos').list({ filter: { colour: 'red' } });
    // Operators, typed by the parameters the document lists.
    await employees.list({
      filter: { year_of_birth: { gte: 1990, lt: 2000 }, maturity: { in: ['junior', 'senior'] } },
    });
    await employees.list({ filter: { year_of_birth: 1990, state: { in: ['internal'] } } });
    // @ts-expect-error -- a range bound of the wrong type
    await employees.list({ filter: { year_of_birth: { gte: '1990' } } });
    // @ts-expect-error -- `in` takes a list of the enum's values
    await employees.list({ filter: { maturity: { in: ['retired'] } } });
    // @ts-expect-error -- `gt` is not an operator of maturity
    await employees.list({ filter: { maturity: { gt: 'junior' } } });
    // @ts-expect-error -- `state` is not sortable
    await employees.list({ sort: 'state' });
    // `fields` keeps only the chosen fields (with id and links, which always come).
    const named = await employees.list({ fields: ['name', 'state'] });
    expectTypeOf(named.items[0]!.name).toEqualTypeOf<string>();
    expectTypeOf(named.items[0]!.id).toEqualTypeOf<string>();
    expectTypeOf(named.items[0]!).not.toHaveProperty('maturity');
    // @ts-expect-error -- yearOfBirth was not selected
    expectTypeOf(named.items[0]!.yearOfBirth).toEqualTypeOf<number>();
    // @ts-expect-error -- `salary` is no field
    await employees.list({ fields: ['salary'] });
    // Creates take the record's data, checked field by field.
    await employees.create({ name: 'A', yearOfBirth: 1990, state: 'internal', maturity: 'junior' });
    // @ts-expect-error -- `salary` is no field of an employee
    await employees.create({ name: 'A', yearOfBirth: 1990, state: 'internal', maturity: 'junior', salary: 1 });
    // @ts-expect-error -- yearOfBirth is a number
    await employees.create({ name: 'A', yearOfBirth: '1990', state: 'internal', maturity: 'junior' });
    // @ts-expect-error -- maturity is missing
    await employees.create({ name: 'A', yearOfBirth: 1990, state: 'internal' });
    // Rels are the relations the list can expand: a list for a to-many, a record for a to-one.
    const employee = page.items[0]!;
    const statements = await employee.follow('salary');
    expectTypeOf(statements).toEqualTypeOf<Page<Awaited<typeof statements>['items'][number]>>();
    expectTypeOf(statements.items[0]!.currency).toEqualTypeOf<string>();
    // @ts-expect-error -- `manager` is no link rel of an employee
    await employee.follow('manager');
    // @ts-expect-error -- nor through the collection
    await employees.follow(employee, 'manager');
    const animals = client.collection('animals');
    const animal = (await animals.list()).items[0]!;
    expectTypeOf((await animal.follow('zoo')).name).toEqualTypeOf<string>();
    // `expand` embeds what the document says, typed.
    const withZoo = await animals.list({ expand: ['zoo'] });
    expectTypeOf(withZoo.items[0]!.zoo).toBeNullable();
    expectTypeOf(withZoo.items[0]!.zoo!.name).toEqualTypeOf<string>();
    const withAnimals = await client.collection('zoos').list({ expand: ['animals'] });
    expectTypeOf(withAnimals.items[0]!.animals.total).toEqualTypeOf<number>();
    // @ts-expect-error -- `keeper` is no relation of an animal
    await animals.list({ expand: ['keeper'] });
    // @ts-expect-error -- a zoo is no employee
    await employees.delete((await client.collection('zoos').list()).items[0]!);
    // A collection without relations (its list takes no `expand`) keeps its record type.
    const customers = client.collection('customers');
    const customer = (await customers.list({ sort: 'name' })).items[0]!;
    expectTypeOf(customer.name).toEqualTypeOf<string>();
    expectTypeOf(customer.city).toEqualTypeOf<string | undefined>();
    // @ts-expect-error -- a customer has no field `phone`
    await customers.create({ name: 'Ada', phone: '555' });
    // @ts-expect-error -- `name` is a string
    await customers.patch(customer, { name: 1 });
  };

  it('reads the whole records from a document whose reads may also answer partial ones (?fields=)', () => {
    // What openapi-typescript makes of a read: the whole record, or the fields asked for.
    type ReadBody = paths['/v1/employees/{id}']['get']['responses'][200]['content']['application/json'];
    expectTypeOf<{ id: string; name: string; links: [] }>().toExtend<ReadBody>();
    expectTypeOf<{ name: string; links: [] }>().not.toExtend<ReadBody>();
    // The client's records stay whole without `fields`.
    expectTypeOf<Zoo['employees']['record']['yearOfBirth']>().toEqualTypeOf<number>();
  });

  it('refuses the same mistakes as a client typed from the declarations', () => {
    expectTypeOf(checks).toBeFunction();
  });
});
