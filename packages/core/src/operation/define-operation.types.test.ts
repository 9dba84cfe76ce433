import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from './define-operation.js';

// Type-level checks: `tsc --noEmit` fails when an expectation or a @ts-expect-error no longer holds.
describe('defineOperation types', () => {
  it('takes the result type from the result schema, so a handler returning another shape does not compile', () => {
    const ping = defineOperation({
      name: 'ping',
      result: z.object({ pong: z.boolean() }),
      handler: () => ({ pong: true }),
    });
    expectTypeOf(ping.handler).returns.toEqualTypeOf<{ pong: boolean } | Promise<{ pong: boolean }>>();
    // @ts-expect-error -- pong must be a boolean, as the result schema says
    defineOperation({ name: 'ping', result: z.object({ pong: z.boolean() }), handler: () => ({ pong: 'yes' }) });
    // @ts-expect-error -- a property the result schema requires is missing
    defineOperation({ name: 'ping', result: z.object({ pong: z.boolean() }), handler: async () => ({}) });
  });

  it('types the body of a POST operation from its schema, and leaves it undefined for GET', () => {
    defineOperation({
      name: 'quote',
      method: 'POST',
      body: z.object({ items: z.array(z.object({ sku: z.string(), quantity: z.int() })) }),
      handler: ({ body, query }) => {
        expectTypeOf(body).toEqualTypeOf<{ items: { sku: string; quantity: number }[] }>();
        expectTypeOf(query).toEqualTypeOf<Record<string, never>>();
        return null;
      },
    });
    defineOperation({
      name: 'ping',
      query: z.object({ n: z.coerce.number() }),
      handler: ({ body, query }) => {
        expectTypeOf(body).toEqualTypeOf<undefined>();
        expectTypeOf(query).toEqualTypeOf<{ n: number }>();
        return null;
      },
    });
  });
});
