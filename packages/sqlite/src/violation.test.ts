import { describe, expect, it } from 'vitest';
import { sqliteViolation } from './violation.js';

const refusal = (errcode: number, message: string) => Object.assign(new Error(message), { errcode });

describe('sqliteViolation', () => {
  it('names every column of a taken unique key', () => {
    expect(sqliteViolation(refusal(2067, 'UNIQUE constraint failed: pens.zoo_id, pens.name'))).toEqual({
      kind: 'unique',
      column: 'zoo_id',
      columns: ['zoo_id', 'name'],
    });
  });

  it('names no column for a unique index over an expression', () => {
    expect(sqliteViolation(refusal(2067, "UNIQUE constraint failed: index 'lower_name'"))).toEqual({ kind: 'unique' });
  });
});
