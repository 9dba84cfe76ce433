import { defineCollection, type Collection } from '@corral/core';
import { z } from 'zod';
import { memoryStores, type StoreFactory } from '../stores.js';
import { demoSalaryStatements } from '../demo/employees.js';
import type { employeeSchema } from './employees.js';

export const salaryStatementSchema = z.object({
  // The anchored patterns bound the length; meta() states it in the document too.
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM')
    .meta({ maxLength: 7 }),
  grossAmount: z.number().min(0),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as EUR')
    .meta({ maxLength: 3 }),
});

/** Salary statements exist only below their employee; `employeeId` comes from the path. */
export function salaryStatementsCollection(
  employees: Collection<typeof employeeSchema, 'employees'>,
  stores: StoreFactory = memoryStores,
) {
  return defineCollection({
    name: 'salaryStatements',
    title: 'Salary statements',
    schema: salaryStatementSchema,
    sortable: ['period'],
    // A statement belongs to its employee: it goes when the employee goes.
    // Each employee links to its statements (rel salary), each statement to its employee; both expand.
    parent: {
      collection: employees,
      field: 'employeeId',
      topLevel: false,
      onParentDelete: 'cascade',
      relation: 'employee',
      inverse: 'salary',
    },
    searchable: ['period', 'currency'],
    scopes: { read: 'salary:read', write: 'salary:write' },
    store: stores(demoSalaryStatements()),
  });
}
