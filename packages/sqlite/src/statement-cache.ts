import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { BoundedCache, type CacheBounds } from '@corral/sql';

/** The statement cache's bounds when none are given: for each connection and row shape. */
export const statementCacheDefaults: Required<CacheBounds> = { maxEntries: 500, maxBytes: 8 * 1024 * 1024 };

/**
 * What SQLite holds for a prepared statement beside its text: its compiled program, a few KiB for
 * the reads Corral makes. An estimate, so that the byte bound means something.
 */
const compiledBytes = 8 * 1024;

/**
 * The prepared statements of one connection by SQL text, rows as objects and rows as arrays apart
 * (a key made per call would be hashed per call). The texts come from a bounded set of shapes
 * (filters, selections, sort), but clients choose among them: the least recently used go first.
 */
export class StatementCache {
  private readonly shapes: readonly [objects: BoundedCache<StatementSync>, arrays: BoundedCache<StatementSync>];

  constructor(
    private readonly connection: DatabaseSync,
    bounds: Required<CacheBounds>,
  ) {
    const cache = () => new BoundedCache<StatementSync>(bounds, () => compiledBytes);
    this.shapes = [cache(), cache()];
  }

  /**
   * A statement made once per SQL text and row shape (while it is kept). With `asArrays`, its rows
   * come as arrays where Node can (22.16 and later); callers read both shapes.
   */
  prepared(sql: string, asArrays: boolean): StatementSync {
    const cache = this.shapes[asArrays ? 1 : 0];
    let statement = cache.get(sql);
    if (!statement) {
      statement = this.connection.prepare(sql);
      // Feature-tested rather than by version: Node 22.13 to 22.15 lack it, and give row objects.
      if (asArrays && typeof statement.setReturnArrays === 'function') statement.setReturnArrays(true);
      cache.set(sql, statement);
    }
    return statement;
  }

  /** Forgets every statement (a schema change may have replaced their tables). */
  clear(): void {
    for (const cache of this.shapes) cache.clear();
  }
}
