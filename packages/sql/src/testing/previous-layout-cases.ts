import { expect } from 'vitest';
import type { Store } from '@corral/core';
import type { Part, Thing } from '@corral/core/testing';

/**
 * What both databases' fixtures of the previous layout (things and parts as JSON documents) must
 * read as once moved to columns: the same records, versions, deletions and revisions, and new ids
 * that follow the old ones. Shared by the SQLite and PostgreSQL tests of the move.
 */
export async function expectPreviousRecordsKept(things: Store<Thing>, parts: Store<Part>): Promise<void> {
  expect(await things.list({ offset: 0, limit: 10 })).toEqual({
    items: [
      { id: '1', version: 1, data: { name: 'Cat', legs: 4, kind: 'cat' } },
      { id: '2', version: 2, data: { name: 'Dog', legs: 3, kind: 'dog', wild: false } },
      { id: '4', version: 1, data: { name: 'Zürich cat', legs: 3, kind: 'cat', wild: true } },
    ],
    total: 3,
    revision: 6,
  });
  expect(await things.get('3')).toEqual({ status: 'gone' });
  expect(await parts.getMany(['1', '2', '3'])).toEqual([
    { status: 'found', record: { id: '1', version: 1, data: { thingId: '1', label: 'whisker' } } },
    { status: 'gone' },
    { status: 'found', record: { id: '3', version: 1, data: { thingId: '4', label: 'ear' } } },
  ]);
  expect(await parts.revision()).toBe(4);
}
