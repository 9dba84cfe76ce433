import { z } from 'zod';
import { createApi, type Api } from '../index.js';
import { silentLogger, type Logger } from '../http/logger.js';
import { defineOperation } from '../operation/define-operation.js';

/** A POST operation with a JSON body, a query parameter and a checked result. */
export const quote = defineOperation({
  name: 'quote',
  method: 'POST',
  query: z.object({ currency: z.enum(['EUR', 'CHF']).default('EUR') }),
  body: z.strictObject({
    items: z.array(z.strictObject({ sku: z.string().min(1), quantity: z.int().min(1) })).min(1),
    coupon: z.string().optional(),
  }),
  result: z.object({ currency: z.string(), total: z.number(), lines: z.int() }),
  handler: ({ query, body }) => ({
    currency: query.currency,
    total: body.items.reduce((sum, item) => sum + item.quantity * 2.5, 0),
    lines: body.items.length,
  }),
});

/** A GET operation whose handler breaks its own result schema when asked to. */
export const drifting = defineOperation({
  name: 'drifting',
  query: z.object({ broken: z.enum(['yes', 'no']).default('no') }),
  result: z.object({ count: z.int() }),
  // The cast stands for a handler whose real return drifted from what it declares.
  handler: ({ query }) => (query.broken === 'yes' ? ({ count: 'many' } as unknown as { count: number }) : { count: 3 }),
});

/** An API serving both, with a small body limit so the 413 is cheap to reach. */
export function operationsApi(logger: Logger = silentLogger): Api {
  return createApi({
    operations: [quote, drifting, drifting.with({ name: 'unchecked', checkResult: false })],
    bodyLimit: 2048,
    logger,
  });
}
