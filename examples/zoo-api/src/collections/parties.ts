import { defineCollection } from '@corral/core';
import { z } from 'zod';
import { memoryStores, type StoreFactory } from '../stores.js';

/** Customers and suppliers share one shape: a name and how to reach them. */
export const partySchema = z.object({
  name: z.string().trim().min(1).max(200),
  // 254 characters: the longest address SMTP can carry (RFC 5321 with the RFC 3696 erratum).
  email: z.email().max(254).optional(),
  city: z.string().trim().min(1).max(200).optional(),
});

/** A customer or supplier collection, guarded by the crm scopes. */
export function partiesCollection<N extends 'customers' | 'suppliers'>(
  name: N,
  initial: z.infer<typeof partySchema>[],
  stores: StoreFactory = memoryStores,
) {
  return defineCollection({
    name,
    schema: partySchema,
    sortable: ['name'],
    searchable: ['name', 'email', 'city'],
    scopes: { read: 'crm:read', write: 'crm:write' },
    store: stores(initial),
  });
}
