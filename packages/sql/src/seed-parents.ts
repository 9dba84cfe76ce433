import { CorralError, type StoreInit } from '@corral/core';

/**
 * Refuses seed records whose parent key names no record of the parent collection (whose store has
 * finished its init), before any is inserted: the one check a SQL store owes for records that do
 * not come through the API, so that core need not read the table at every start.
 */
export async function checkSeedParents(init: StoreInit, seed: readonly object[]): Promise<void> {
  const parent = init.parent;
  if (!parent || seed.length === 0) return;
  const keyOf = (data: object) => {
    const key = (data as Record<string, unknown>)[parent.field];
    return key === undefined || key === null ? undefined : String(key);
  };
  const keys = [...new Set(seed.map(keyOf).filter((key) => key !== undefined))] as string[];
  const found = await parent.store.getMany(keys);
  const missing = new Set(keys.filter((_, index) => found[index]?.status !== 'found'));
  if (missing.size === 0) return;
  const strays = seed.flatMap((data, index) => {
    const key = keyOf(data);
    return key !== undefined && missing.has(key)
      ? [
          `seed record ${index + 1} of ${init.collection} names ${parent.field} ${JSON.stringify(key)}, which is no record of ${parent.collection}`,
        ]
      : [];
  });
  throw new CorralError(
    'CORRAL_DANGLING_PARENT_KEY',
    `Stored records refer to parents that do not exist: ${strays.slice(0, 5).join('; ')}`,
  );
}
