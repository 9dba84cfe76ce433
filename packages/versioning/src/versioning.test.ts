import { describe, expect, it } from 'vitest';
import { createVersioning } from './index.js';

describe('createVersioning', () => {
  it('normalises the base path and sorts the versions', () => {
    const versioning = createVersioning({ versions: [3, 1, 2], basePath: 'api/' });
    expect(versioning.basePath).toBe('/api');
    expect(versioning.versions).toEqual([1, 2, 3]);
  });

  it('defaults to no base path', () => {
    expect(createVersioning({ versions: [1] }).basePath).toBe('');
  });

  it('does not keep or change the caller array', () => {
    const input = [2, 1];
    const versioning = createVersioning({ versions: input });
    input.push(9);
    expect(input).toEqual([2, 1, 9]);
    expect(versioning.versions).toEqual([1, 2]);
    expect(Object.isFrozen(versioning.versions)).toBe(true);
  });

  it.each([[[]], [[0]], [[-1]], [[1.5]], [[Number.NaN]], [[Number.POSITIVE_INFINITY]], [[2 ** 53]]])(
    'rejects versions %j',
    (versions) => {
      expect(() => createVersioning({ versions })).toThrowError(Error);
    },
  );

  it('rejects duplicated versions', () => {
    expect(() => createVersioning({ versions: [1, 2, 1] })).toThrowError('API version 1 is configured more than once.');
  });

  it('rejects an invalid base path', () => {
    expect(() => createVersioning({ versions: [1], basePath: '/a b' })).toThrowError(/Invalid base path/);
  });
});

describe('prefix', () => {
  it('joins base path and version', () => {
    expect(createVersioning({ versions: [1, 2] }).prefix(2)).toBe('/v2');
    expect(createVersioning({ versions: [1], basePath: '/a/b' }).prefix(1)).toBe('/a/b/v1');
  });

  it('refuses a version that is not served', () => {
    expect(() => createVersioning({ versions: [1] }).prefix(2)).toThrowError('API version 2 is not served.');
  });
});

describe('listing', () => {
  it('lists every version in ascending order', () => {
    expect(createVersioning({ versions: [2, 1] }).listing()).toEqual({
      versions: [
        { version: 'v1', href: '/v1' },
        { version: 'v2', href: '/v2' },
      ],
    });
  });

  it('puts the base path in each href', () => {
    expect(createVersioning({ versions: [1], basePath: '/api' }).listing()).toEqual({
      versions: [{ version: 'v1', href: '/api/v1' }],
    });
  });

  it('returns a fresh body each time', () => {
    const versioning = createVersioning({ versions: [1] });
    versioning.listing().versions.length = 0;
    expect(versioning.listing().versions).toHaveLength(1);
  });
});
