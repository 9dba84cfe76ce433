import { expect, it } from 'vitest';
import { orderedValues, positional } from './placeholders.js';

it('turns numbered placeholders into plain ones, values in the order the text takes them', () => {
  const statement = positional(`SELECT 1 FROM t WHERE a = ?2 AND b = ?1 AND c = ?2`);
  expect(statement.sql).toBe('SELECT 1 FROM t WHERE a = ? AND b = ? AND c = ?');
  expect(orderedValues(statement, ['x', 'y'])).toEqual(['y', 'x', 'y']);
});

it('leaves question marks in strings and quoted names alone, and undefined values become NULL', () => {
  const statement = positional(`SELECT '?1', "a?2", ?1 FROM t WHERE d = ?2`);
  expect(statement.sql).toBe(`SELECT '?1', "a?2", ? FROM t WHERE d = ?`);
  expect(statement.order).toBeUndefined();
  expect(orderedValues(statement, [1, undefined])).toEqual([1, null]);
});
