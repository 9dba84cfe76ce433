import { defineCollection, memoryStore } from '@corral/core';
import { z } from 'zod';

/** Customers and suppliers share one shape: a name and how to reach them. */
export const partySchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().optional(),
  city: z.string().trim().min(1).max(200).optional(),
});

/** A customer or supplier collection, guarded by the crm scopes. */
export function partiesCollection<N extends 'customers' | 'suppliers'>(name: N, initial: z.infer<typeof partySchema>[]) {
  return defineCollection({
    name,
    schema: partySchema,
    sortable: ['name'],
    searchable: ['name', 'email', 'city'],
    scopes: { read: 'crm:read', write: 'crm:write' },
    store: memoryStore({ initial }),
  });
}
