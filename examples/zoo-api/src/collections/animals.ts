import { defineCollection, type Collection } from '@corral/core';
import { z } from 'zod';
import { memoryStores, type StoreFactory } from '../stores.js';
import { demoAnimals } from '../demo/zoos.js';
import type { zooSchema } from './zoos.js';

export const animalSchema = z.object({
  name: z.string().trim().min(1).max(200),
  species: z.string().trim().min(1).max(200),
  animalTypeId: z.enum(['mammal', 'bird', 'reptile', 'amphibian', 'fish', 'insect']),
  zooId: z.string().min(1).max(64),
  yearOfBirth: z.number().int().min(1900).max(new Date().getUTCFullYear()).optional(),
});

/** Animals, also listed below their zoo at `/zoos/<id>/animals`; `zooId` must name an existing zoo. */
export function animalsCollection(zoos: Collection<typeof zooSchema, 'zoos'>, stores: StoreFactory = memoryStores) {
  return defineCollection({
    name: 'animals',
    schema: animalSchema,
    filters: {
      zoo_id: 'zooId',
      animal_type_id: { field: 'animalTypeId', operators: ['eq', 'in'] },
      year_of_birth: { field: 'yearOfBirth', operators: ['eq', 'gt', 'gte', 'lt', 'lte'] },
    },
    sortable: ['name', 'yearOfBirth'],
    searchable: ['name', 'species', 'animalTypeId'],
    // A zoo that still has animals cannot be deleted (409): move or delete the animals first.
    // Each animal links to its zoo (rel zoo), each zoo to its animals (rel animals); both expand.
    parent: { collection: zoos, field: 'zooId', onParentDelete: 'restrict', relation: 'zoo', inverse: 'animals' },
    scopes: { read: 'zoo:read', write: 'zoo:write' },
    store: stores(demoAnimals()),
  });
}
