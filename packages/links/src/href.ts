/**
 * The path of one member of a collection, e.g. `/v1/zoos/7` or `/v1/zoos/7/animals/12`.
 *
 * Only the id is encoded: ids come from data and may hold `/`, `?`, spaces or any other
 * character, while the collection path is built by the caller from already-safe parts.
 *
 * @param prefix - Base path plus version, e.g. `''`, `/v1` or `/api/v1`; no trailing slash.
 * @param collectionPath - Path of the collection below the prefix, e.g. `zoos` or `zoos/7/animals`.
 * @param id - The member's id, raw (not yet encoded).
 */
export function resourceHref(prefix: string, collectionPath: string, id: string): string {
  return `${prefix}/${collectionPath}/${encodeURIComponent(id)}`;
}
