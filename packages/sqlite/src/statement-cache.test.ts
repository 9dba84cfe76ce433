import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { StatementCache, statementCacheDefaults } from './statement-cache.js';

describe('StatementCache', () => {
  it('prepares a text once per row shape while it is kept', () => {
    const cache = new StatementCache(new DatabaseSync(':memory:'), statementCacheDefaults);
    const objects = cache.prepared('SELECT 1 AS one', false);
    expect(cache.prepared('SELECT 1 AS one', false)).toBe(objects);
    expect(cache.prepared('SELECT 1 AS one', true)).not.toBe(objects);
    expect(objects.get()).toEqual({ one: 1 });
    cache.clear();
    expect(cache.prepared('SELECT 1 AS one', false)).not.toBe(objects);
  });

  it('keeps at most its number of statements, dropping the least recently used', () => {
    const cache = new StatementCache(new DatabaseSync(':memory:'), { maxEntries: 2, maxBytes: 1 << 30 });
    const first = cache.prepared('SELECT 0', false);
    for (let n = 1; n < 200; n++) cache.prepared(`SELECT ${n}`, false);
    expect(cache.prepared('SELECT 199', false)).toBe(cache.prepared('SELECT 199', false));
    expect(cache.prepared('SELECT 0', false)).not.toBe(first);
  });

  it('keeps at most its bytes, each statement weighing its text and its compiled program', () => {
    const cache = new StatementCache(new DatabaseSync(':memory:'), { maxEntries: 1_000, maxBytes: 64 * 1024 });
    const first = cache.prepared('SELECT 0', false);
    for (let n = 1; n < 50; n++) cache.prepared(`SELECT ${n}`, false);
    // 8 KiB a statement: fewer than eight fit in 64 KiB, so the first is gone long since.
    expect(cache.prepared('SELECT 0', false)).not.toBe(first);
    const last = cache.prepared('SELECT 49', false);
    expect(cache.prepared('SELECT 49', false)).toBe(last);
  });
});
