import { isCorralError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { defineOperation } from '../operation/define-operation.js';
import { createApi, type ApiOptions } from './create-api.js';

/** The code of the CorralError that building this API throws. */
function startupCode(options: ApiOptions | (() => unknown)): string {
  try {
    if (typeof options === 'function') options();
    else createApi({ logger: silentLogger, ...options });
  } catch (error) {
    if (isCorralError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a CorralError');
}

const schema = z.object({ name: z.string() });
const zoos = () => defineCollection({ name: 'zoos', schema });

describe('mistakes in the declarations fail at startup with a stable code', () => {
  it.each([
    ['a name used twice', () => ({ collections: [zoos(), zoos()] }), 'CORRAL_DUPLICATE_NAME'],
    [
      'a name Corral serves itself',
      () => ({ operations: [defineOperation({ name: 'errors', query: z.object({}), handler: () => null })] }),
      'CORRAL_RESERVED_NAME',
    ],
    [
      'versions beside a single version',
      () => ({ version: 1, versions: [{ version: 2 }] }),
      'CORRAL_CONFLICTING_VERSION_OPTIONS',
    ],
    ['a version given twice', () => ({ versions: [{ version: 1 }, { version: 1 }] }), 'CORRAL_DUPLICATE_VERSION'],
    ['a bad base path', () => ({ basePath: '/a//b' }), 'CORRAL_INVALID_BASE_PATH'],
    ['a bad bulk limit', () => ({ bulkLimit: 0 }), 'CORRAL_INVALID_BULK_LIMIT'],
    ['bad paging options', () => ({ paging: { defaultLimit: 500, maxLimit: 100 } }), 'CORRAL_INVALID_PAGING'],
  ] as const)('%s', (_label, options, code) => {
    expect(startupCode(options() as ApiOptions)).toBe(code);
  });

  it.each([
    ['a collection name unusable in a URL', () => defineCollection({ name: 'a b', schema }), 'CORRAL_INVALID_NAME'],
    [
      'an unknown sort field',
      () => defineCollection({ name: 'zoos', schema, sortable: ['size' as 'name'] }),
      'CORRAL_UNKNOWN_FIELD',
    ],
    [
      'a schema with id',
      () => defineCollection({ name: 'zoos', schema: z.object({ id: z.string() }) }),
      'CORRAL_RESERVED_FIELD',
    ],
  ])('%s', (_label, declare, code) => {
    expect(startupCode(declare)).toBe(code);
  });
});
