import { defineCollection } from '@corral/core';
import { z } from 'zod';
import { memoryStores, type StoreFactory } from '../stores.js';
import { demoEmployees } from '../demo/employees.js';

const thisYear = new Date().getUTCFullYear();

export const employeeSchema = z.object({
  name: z.string().trim().min(1).max(200),
  yearOfBirth: z.number().int().min(1900).max(thisYear),
  state: z.enum(['internal', 'external']),
  maturity: z.enum(['junior', 'intermediate', 'senior']),
});

/** Staff of the zoos; each links to its salary statements (rel salary, declared by them). */
export function employeesCollection(stores: StoreFactory = memoryStores) {
  return defineCollection({
    name: 'employees',
    schema: employeeSchema,
    filters: {
      state: { field: 'state', operators: ['eq', 'in'] },
      maturity: { field: 'maturity', operators: ['eq', 'in'] },
      year_of_birth: { field: 'yearOfBirth', operators: ['eq', 'gt', 'gte', 'lt', 'lte'] },
    },
    sortable: ['name', 'yearOfBirth'],
    searchable: ['name', 'state', 'maturity'],
    scopes: { read: 'staff:read', write: 'staff:write' },
    store: stores(demoEmployees()),
  });
}
