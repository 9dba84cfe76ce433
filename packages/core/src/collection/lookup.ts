import { ApiError } from '@corral/errors';
import type { Lookup, StoreCallOptions, StoredRecord } from '../store/store.js';
import type { AnyCollection } from './define-collection.js';

/** Turns a store's answer into the record, or the 404 / 410 the client should get. */
export function foundOrThrow<T>(lookup: Lookup<T>, collection: AnyCollection, id: string): StoredRecord<T> {
  if (lookup.status === 'found') return lookup.record;
  throw lookupError(lookup.status, collection, id);
}

/** 410 for an id that was deleted, 404 for one that never existed. */
export function lookupError(status: 'gone' | 'missing', collection: AnyCollection, id: string): ApiError {
  if (status === 'gone')
    return new ApiError('resourceGone', `The record with id ${JSON.stringify(id)} in ${collection.name} was deleted`);
  return new ApiError('resourceNotFound', `There is no record with id ${JSON.stringify(id)} in ${collection.name}`);
}

/** Fetches a record by id; when reached through a parent path, it must belong to that parent. */
export async function findRecord(
  collection: AnyCollection,
  id: string,
  parentId: string | undefined,
  options?: StoreCallOptions,
): Promise<StoredRecord<object>> {
  if (parentId === undefined || !collection.parent)
    return foundOrThrow(await collection.store.get(id, options), collection, id);
  await findRecord(collection.parent.collection, parentId, undefined, options);
  const record = foundOrThrow(await collection.store.get(id, options), collection, id);
  const owner = (record.data as Record<string, unknown>)[collection.parent.field];
  if (String(owner) !== parentId) {
    throw new ApiError(
      'resourceNotFound',
      `There is no record with id ${JSON.stringify(id)} in ${collection.parent.collection.name}/${parentId}/${collection.name}`,
    );
  }
  return record;
}
