import { describe, expect, it } from 'vitest';
import { postgresViolation } from './violation.js';

describe('postgresViolation', () => {
  it('names every column of a taken unique key, from the detail pg gives', () => {
    const refusal = {
      code: '23505',
      constraint: 'pens_zoo_name',
      detail: 'Key (zoo_id, "Name")=(1, Leo) already exists.',
    };
    expect(postgresViolation(refusal)).toEqual({
      kind: 'unique',
      columns: ['zoo_id', 'Name'],
      constraint: 'pens_zoo_name',
    });
  });

  it('names no column for a unique key over an expression', () => {
    const refusal = { code: '23505', constraint: 'lower_name', detail: 'Key (lower(name))=(leo) already exists.' };
    expect(postgresViolation(refusal)).toEqual({ kind: 'unique', constraint: 'lower_name' });
  });
});
