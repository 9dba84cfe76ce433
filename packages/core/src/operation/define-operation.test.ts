import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CorralRequest } from '../http/exchange.js';
import { defineOperation } from './define-operation.js';

const query = z.object({
  para2: z.array(z.coerce.number()).length(2),
  operation: z.enum(['sum', 'product']).default('sum'),
});

const calculate = () =>
  defineOperation({
    name: 'calculate',
    query,
    scope: 'calc',
    handler: ({ query: { para2, operation } }) => {
      const [a = 0, b = 0] = para2;
      return { operation, result: operation === 'sum' ? a + b : a * b };
    },
  });

const request: CorralRequest = {
  method: 'GET',
  path: '/v1/calculate',
  rawQuery: '',
  query: new URLSearchParams(),
  header: () => undefined,
  readBody: async () => new Uint8Array(0),
  hasBody: false,
};

describe('defineOperation', () => {
  it('keeps the declared options and marks the result as an operation', () => {
    const operation = calculate();
    expect(operation.kind).toBe('operation');
    expect(operation.name).toBe('calculate');
    expect(operation.query).toBe(query);
    expect(operation.scope).toBe('calc');
    expect(
      operation.handler({
        query: { para2: [3, 4], operation: 'product' },
        principal: undefined,
        request,
        prefix: '/v1',
        body: undefined,
        hasScope: () => true,
        paging: {},
        requestId: 'r1',
        state: {},
        signal: undefined,
      }),
    ).toStrictEqual({
      operation: 'product',
      result: 12,
    });
  });

  it('derives the title from the name unless one is given', () => {
    expect(calculate().title).toBe('Calculate');
    expect(
      defineOperation({ name: 'search', title: 'Full-text search', query: z.object({}), handler: () => null }).title,
    ).toBe('Full-text search');
  });

  it('leaves the scope out when none is given', () => {
    expect(defineOperation({ name: 'translate', query: z.object({}), handler: () => null }).scope).toBeUndefined();
  });

  it.each(['', '2translate', 'trans late', 'translate/now', '_translate', 'übersetzen'])(
    'refuses the name %j',
    (name) => {
      expect(() => defineOperation({ name, query: z.object({}), handler: () => null })).toThrow(
        `Operation name "${name}" must be a word usable in a URL`,
      );
    },
  );

  it.each(['translate', 'Translate', 'to_upper', 'to-upper', 'v2calc'])('accepts the name %j', (name) => {
    expect(defineOperation({ name, query: z.object({}), handler: () => null }).name).toBe(name);
  });

  it('is frozen', () => {
    const operation = calculate();
    expect(Object.isFrozen(operation)).toBe(true);
    expect(() => {
      (operation as { scope?: string }).scope = undefined;
    }).toThrow(TypeError);
  });

  it('with() returns a new definition and leaves the original unchanged', () => {
    const original = calculate();
    const open = original.with({ scope: undefined, name: 'compute' });
    expect(open).not.toBe(original);
    expect(Object.isFrozen(open)).toBe(true);
    expect(open.name).toBe('compute');
    expect(open.title).toBe('Compute');
    expect(open.scope).toBeUndefined();
    expect(open.handler).toBe(original.handler);
    expect(original.name).toBe('calculate');
    expect(original.title).toBe('Calculate');
    expect(original.scope).toBe('calc');
  });

  it('with() checks the new name', () => {
    expect(() => calculate().with({ name: 'no way' })).toThrow('must be a word usable in a URL');
  });
});
