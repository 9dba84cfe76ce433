import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '../operation/define-operation.js';
import { memoryStore } from '../store/memory-store.js';
import type { Store } from '../store/store.js';
import { defineCollection, type RecordOf } from './define-collection.js';

const employee = z.object({
  name: z.string(),
  yearOfBirth: z.number().int(),
  state: z.enum(['internal', 'external']),
  nickname: z.string().optional(),
});
type Employee = z.infer<typeof employee>;

describe('defineCollection types', () => {
  it('takes memoryStore() without a type argument, typed by the collection (the README example)', () => {
    const employees = defineCollection({ name: 'employees', schema: employee, store: memoryStore() });
    expectTypeOf(employees.store).toEqualTypeOf<Store<Employee>>();
    // Seed data is still checked against the schema.
    defineCollection({
      name: 'employees',
      schema: employee,
      // @ts-expect-error -- state must be one of the enum values
      store: memoryStore({ initial: [{ name: 'A', yearOfBirth: 1990, state: 'retired' }] }),
    });
    expect(employees.name).toBe('employees');
  });

  it('hands link builders the schema output plus a read-only id', () => {
    const employees = defineCollection({
      name: 'employees',
      schema: employee,
      links: (record) => {
        expectTypeOf(record).toEqualTypeOf<z.infer<typeof employee> & { readonly id: string }>();
        expectTypeOf(record.state).toEqualTypeOf<'internal' | 'external'>();
        expectTypeOf(record.nickname).toEqualTypeOf<string | undefined>();
        // @ts-expect-error the id is read-only
        record.id = 'x';
        return [{ rel: 'salary', href: `employees/${record.id}/salaryStatements` }];
      },
    });
    expectTypeOf(employees.links).parameter(0).toEqualTypeOf<RecordOf<typeof employee>>();
    expectTypeOf(employees.name).toEqualTypeOf<'employees'>();
    expectTypeOf(employees.store).toEqualTypeOf<Store<Employee>>();
  });

  it('accepts only field names of the schema in filters, sortable and searchable', () => {
    const base = { name: 'employees', schema: employee } as const;
    expect(
      defineCollection({
        ...base,
        filters: { state: 'state', year: 'yearOfBirth' },
        sortable: ['name', 'yearOfBirth'],
        searchable: ['name', 'nickname'],
      }).sortable,
    ).toHaveLength(2);
    expectTypeOf(defineCollection(base).sortable).toEqualTypeOf<
      readonly ('name' | 'yearOfBirth' | 'state' | 'nickname')[]
    >();

    // Each wrong name is refused by the type checker and, for a caller without types, at runtime.
    // @ts-expect-error not a field of the schema
    expect(() => defineCollection({ ...base, filters: { level: 'maturity' } })).toThrow('unknown field "maturity"');
    // @ts-expect-error not a field of the schema
    expect(() => defineCollection({ ...base, sortable: ['name', 'age'] })).toThrow('unknown field "age"');
    // @ts-expect-error field names are case-sensitive
    expect(() => defineCollection({ ...base, searchable: ['Name'] })).toThrow('unknown field "Name"');
    // @ts-expect-error id is not a field of the schema
    expect(() => defineCollection({ ...base, sortable: ['id'] })).toThrow('unknown field "id"');
  });

  it("takes unique keys of the schema's fields only, alone or together", () => {
    const base = { name: 'employees', schema: employee } as const;
    const unique = defineCollection({ ...base, unique: ['nickname', ['name', 'yearOfBirth']] }).unique;
    expect(unique).toEqual([['nickname'], ['name', 'yearOfBirth']]);
    expectTypeOf(unique).toEqualTypeOf<readonly (readonly ('name' | 'yearOfBirth' | 'state' | 'nickname')[])[]>();
    // @ts-expect-error not a field of the schema
    expect(() => defineCollection({ ...base, unique: ['isbn'] })).toThrow('unknown field "isbn"');
    // @ts-expect-error not a field of the schema, in a key of several fields
    expect(() => defineCollection({ ...base, unique: [['name', 'age']] })).toThrow('unknown field "age"');
    expect(() => defineCollection({ ...base, unique: [[]] })).toThrow('must name at least one field');
    expect(() => defineCollection({ ...base, unique: [['name', 'name']] })).toThrow('each once');
  });

  it('checks memoryStore seeds against the schema without a type argument', () => {
    const seeded = defineCollection({
      name: 'employees',
      schema: employee,
      store: memoryStore({
        initial: [
          { name: 'Ada', yearOfBirth: 1980, state: 'internal' },
          { name: 'Bert', yearOfBirth: 1990, state: 'external', nickname: 'B' },
        ],
      }),
    });
    expectTypeOf(seeded.store).toEqualTypeOf<Store<Employee>>();

    defineCollection({
      name: 'employees',
      schema: employee,
      // @ts-expect-error 'retired' is not one of the enum's values
      store: memoryStore({ initial: [{ name: 'Cleo', yearOfBirth: 1985, state: 'retired' }] }),
    });
    defineCollection({
      name: 'employees',
      schema: employee,
      // @ts-expect-error yearOfBirth must be a number
      store: memoryStore({ initial: [{ name: 'Cleo', yearOfBirth: '1985', state: 'internal' }] }),
    });
  });

  it("gives an operation handler the query schema's output type", () => {
    const query = z.object({
      para2: z.array(z.coerce.number()),
      operation: z.enum(['sum', 'product']).default('sum'),
      note: z.string().optional(),
    });
    const calculate = defineOperation({
      name: 'calculate',
      query,
      handler: (context) => {
        expectTypeOf(context.query).toEqualTypeOf<z.output<typeof query>>();
        expectTypeOf(context.query).toEqualTypeOf<{
          para2: number[];
          operation: 'sum' | 'product';
          note?: string | undefined;
        }>();
        expectTypeOf(context.query).not.toEqualTypeOf<z.input<typeof query>>();
        return { result: context.query.para2.reduce((a, b) => a + b, 0) };
      },
    });
    expectTypeOf(calculate.handler).returns.toEqualTypeOf<{ result: number } | Promise<{ result: number }>>();
  });

  it('keeps the filters and sortable fields through with() (issue 32, item 6)', () => {
    const employees = defineCollection({
      name: 'employees',
      schema: employee,
      filters: { state: 'state', year_of_birth: { field: 'yearOfBirth', operators: ['gte', 'lt'] } },
      sortable: ['name'],
      store: memoryStore(),
    });
    const scoped = employees.with({ scopes: { read: 'hr:read' } });
    expectTypeOf(scoped).toEqualTypeOf<typeof employees>();
    expectTypeOf(scoped.sortable).toEqualTypeOf<readonly 'name'[]>();
    // A change that declares new ones types them anew.
    const resorted = employees.with({ sortable: ['yearOfBirth'], filters: { nick: 'nickname' } });
    expectTypeOf(resorted.sortable).toEqualTypeOf<readonly 'yearOfBirth'[]>();
    expectTypeOf(resorted.filters).toEqualTypeOf<{ readonly nick: 'nickname' }>();
    // Not called: at run time a field outside the schema is refused too.
    // @ts-expect-error -- still only fields of the schema
    const unknownField = () => employees.with({ sortable: ['salary'] });
    expectTypeOf(unknownField).toBeFunction();
  });
});
