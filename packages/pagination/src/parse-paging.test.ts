import { ApiError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { parsePaging } from './parse-paging.js';

const parse = (query: string, options?: Parameters<typeof parsePaging>[1]) =>
  parsePaging(new URLSearchParams(query), options);

function failure(query: string): ApiError {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected ${query} to be refused`);
}

describe('parsePaging with offset and limit', () => {
  it('defaults to the first 10 records', () => {
    expect(parse('')).toStrictEqual({ offset: 0, limit: 10 });
    expect(parse('state=internal')).toStrictEqual({ offset: 0, limit: 10 });
  });

  it('reads offset and limit', () => {
    expect(parse('offset=30&limit=15')).toStrictEqual({ offset: 30, limit: 15 });
    expect(parse('offset=5')).toStrictEqual({ offset: 5, limit: 10 });
    expect(parse('limit=100')).toStrictEqual({ offset: 0, limit: 100 });
    expect(parse('offset=9007199254740991')).toStrictEqual({ offset: Number.MAX_SAFE_INTEGER, limit: 10 });
  });

  it('uses the configured default and maximum', () => {
    expect(parse('', { defaultLimit: 5 })).toStrictEqual({ offset: 0, limit: 5 });
    expect(parse('limit=500', { maxLimit: 500 })).toStrictEqual({ offset: 0, limit: 500 });
    expect(() => parse('limit=21', { defaultLimit: 5, maxLimit: 20 })).toThrow(
      'limit must be an integer from 1 to 20; got "21"',
    );
  });

  it.each([
    ['limit=0', 'limit must be an integer from 1 to 100; got "0"'],
    ['limit=101', 'limit must be an integer from 1 to 100; got "101"'],
    ['limit=abc', 'limit must be an integer from 1 to 100; got "abc"'],
    ['limit=', 'limit must be an integer from 1 to 100; got ""'],
    ['limit=1.0', 'limit must be an integer from 1 to 100; got "1.0"'],
    ['offset=-1', 'offset must be an integer from 0 to 9007199254740991; got "-1"'],
    ['offset=1e2', 'offset must be an integer from 0 to 9007199254740991; got "1e2"'],
    ['offset=9007199254740992', 'offset must be an integer from 0 to 9007199254740991; got "9007199254740992"'],
  ])('refuses %s', (query, message) => {
    const error = failure(query);
    expect(error.codeName).toBe('invalidQueryParameter');
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });

  it('refuses bad options as a server error, not a client one', () => {
    for (const options of [{ defaultLimit: 0 }, { defaultLimit: 200 }, { maxLimit: 1.5 }]) {
      expect(() => parse('', options)).toThrow(
        expect.objectContaining({ name: 'CorralError', code: 'CORRAL_INVALID_PAGING' }),
      );
    }
  });
});

describe('parsePaging with page and per_page', () => {
  it('maps pages to offsets', () => {
    expect(parse('page=1')).toStrictEqual({ offset: 0, limit: 10 });
    expect(parse('page=3')).toStrictEqual({ offset: 20, limit: 10 });
    expect(parse('per_page=25')).toStrictEqual({ offset: 0, limit: 25 });
    expect(parse('page=3&per_page=15')).toStrictEqual({ offset: 30, limit: 15 });
    expect(parse('page=2', { defaultLimit: 7 })).toStrictEqual({ offset: 7, limit: 7 });
  });

  it.each([
    ['page=0', 'page must be an integer from 1 to 900719925474100 when per_page is 10; got "0"'],
    ['page=x&per_page=100', 'page must be an integer from 1 to 90071992547410 when per_page is 100; got "x"'],
    ['per_page=0', 'per_page must be an integer from 1 to 100; got "0"'],
    ['per_page=101', 'per_page must be an integer from 1 to 100; got "101"'],
  ])('refuses %s', (query, message) => {
    const error = failure(query);
    expect(error.codeName).toBe('invalidQueryParameter');
    expect(error.message).toBe(message);
  });

  it('accepts the last page whose offset is still safe and refuses the one after', () => {
    expect(parse('page=90071992547410&per_page=100')).toStrictEqual({ offset: 9007199254740900, limit: 100 });
    expect(parse('page=9007199254740991&per_page=1')).toStrictEqual({ offset: Number.MAX_SAFE_INTEGER - 1, limit: 1 });
    // 2**53 + 1 would round to 2**53 if read carelessly.
    expect(failure('page=9007199254740993&per_page=1').codeName).toBe('invalidQueryParameter');
    expect(failure('page=90071992547411&per_page=100').codeName).toBe('invalidQueryParameter');
  });
});

describe('parsePaging refuses ambiguous requests', () => {
  it.each(['page=1&offset=0', 'per_page=10&limit=10', 'page=2&limit=5', 'offset=0&per_page=5'])(
    'mixing styles: %s',
    (query) => {
      const error = failure(query);
      expect(error.codeName).toBe('conflictingPagingParameters');
      expect(error.status).toBe(400);
    },
  );

  it('names the parameters that clash', () => {
    expect(failure('limit=5&page=2').message).toContain('got limit, page');
  });

  it.each(['offset=1&offset=2', 'limit=5&limit=5', 'page=1&page=2', 'per_page=1&per_page=1', 'limit&limit'])(
    'repeating a parameter: %s',
    (query) => {
      const error = failure(query);
      expect(error.codeName).toBe('duplicateQueryParameter');
      expect(error.status).toBe(400);
    },
  );

  it('reports a repeat before a mix or a bad value', () => {
    expect(failure('page=1&offset=x&offset=y').codeName).toBe('duplicateQueryParameter');
    expect(failure('page=x&offset=1').codeName).toBe('conflictingPagingParameters');
  });

  it('leaves other parameters alone, repeated or not', () => {
    expect(parse('state=a&state=b&Offset=x')).toStrictEqual({ offset: 0, limit: 10 });
  });
});
