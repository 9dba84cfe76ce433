import { defineCollection } from '@corral/core';
import { z } from 'zod';
import { memoryStores, type StoreFactory } from '../stores.js';
import { demoZoos } from '../demo/zoos.js';

export const zooSchema = z.object({
  name: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(200).optional(),
});

/** The zoos; each links to its animals (the animals collection declares the relation). */
export function zoosCollection(stores: StoreFactory = memoryStores) {
  return defineCollection({
    name: 'zoos',
    schema: zooSchema,
    sortable: ['name', 'city'],
    searchable: ['name', 'city'],
    scopes: { read: 'zoo:read', write: 'zoo:write' },
    store: stores(demoZoos()),
  });
}
