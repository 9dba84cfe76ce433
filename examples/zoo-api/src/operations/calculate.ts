import { ApiError, defineOperation } from '@corral/core';
import { z } from 'zod';

const decimal = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const operand = z
  .string()
  .max(40)
  .regex(decimal, 'each para2 must be a decimal number such as 3 or -2.5')
  .transform(Number);

const operations = {
  sum: (a: number, b: number) => a + b,
  difference: (a: number, b: number) => a - b,
  product: (a: number, b: number) => a * b,
  quotient: (a: number, b: number) => a / b,
} as const;

/** `GET /calculate?para2=3&para2=4[&operation=sum]`: exactly two operands; any valid token may call it. */
export function calculateOperation() {
  return defineOperation({
    name: 'calculate',
    description: 'Applies an operation (sum by default) to exactly two numbers, each given as para2.',
    result: z.object({
      operation: z.enum(['sum', 'difference', 'product', 'quotient']),
      operands: z.array(z.number()).length(2),
      result: z.number(),
    }),
    query: z.object({
      // A parameter given once arrives as a string: wrap it so the count check can name the problem.
      para2: z.preprocess(
        (v) => (v === undefined ? [] : typeof v === 'string' ? [v] : v),
        z.array(operand).length(2, 'give para2 exactly twice, e.g. ?para2=3&para2=4'),
      ),
      operation: z.enum(['sum', 'difference', 'product', 'quotient']).default('sum'),
    }),
    handler: ({ query }) => {
      const [a, b] = query.para2 as [number, number];
      if (query.operation === 'quotient' && b === 0)
        throw new ApiError('invalidQueryParameter', 'Division by zero: the second para2 of a quotient must not be 0');
      const result = operations[query.operation](a, b);
      if (!Number.isFinite(result))
        throw new ApiError('invalidQueryParameter', 'The result is too large to be represented');
      return { operation: query.operation, operands: [a, b], result };
    },
  });
}
