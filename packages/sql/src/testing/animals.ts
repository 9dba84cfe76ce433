import type { StoreInit } from '@corral/core';

/** The declarations of a zoo's animals, as the table-map, query and value tests use them. */
export const animalsInit: StoreInit = {
  collection: 'zooAnimals',
  fields: {
    name: 'string',
    yearOfBirth: 'integer',
    weight: 'number',
    wild: 'boolean',
    kind: 'enum',
    tags: 'json',
    zooId: 'string',
  },
  filterable: ['kind', 'zooId'],
  sortable: ['name'],
  searchable: ['name'],
  required: ['name', 'kind', 'zooId'],
  nullable: ['weight'],
  enums: { kind: ['bird', 'fish'] },
  parentField: 'zooId',
};
