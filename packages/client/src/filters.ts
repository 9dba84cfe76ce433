import { failure } from './failures.js';

/**
 * A filter's value in `list({ filter })`: the value itself (equality), or operator -> value for the
 * operators the collection declares (`{ gte: 1990, lt: 2000 }`, `{ in: ['junior', 'senior'] }`).
 * `Op` lists the declared operators; the plain value is there when `eq` is one of them.
 */
export type FilterInput<V, Op extends string = 'eq'> =
  | ('eq' extends Op ? V : never)
  | { readonly [O in Op]?: O extends 'in' ? readonly V[] : V };

/**
 * The `filter` of a list: the collection's filters, each optional; an object with no names at all
 * when the collection declares none (so `{ colour: 'red' }` does not compile where the server
 * would answer 400).
 */
export type FilterArgument<F extends object> = [keyof F] extends [never]
  ? { readonly [name: string]: never }
  : Partial<F>;

/** A value a filter parameter carries. */
type Scalar = string | number | boolean;

/**
 * The query parameters of a list's filters: `name=value`, and `name[op]=value` for an operator (a
 * list joined by commas).
 */
export function appendFilters(query: URLSearchParams, filter: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (typeof value !== 'object' || value === null) {
      query.append(name, String(value));
      continue;
    }
    for (const [operator, operand] of Object.entries(value as Record<string, Scalar | readonly Scalar[] | undefined>)) {
      if (operand === undefined) continue;
      if (Array.isArray(operand) && operand.some((item) => String(item).includes(','))) {
        // The server splits a list at commas: such a value would be asked for as two.
        const value = JSON.stringify(operand.find((item) => String(item).includes(',')));
        throw failure('usage', 'list', `${name}[${operator}]: a listed value cannot hold a comma (${value})`);
      }
      query.append(`${name}[${operator}]`, Array.isArray(operand) ? operand.map(String).join(',') : String(operand));
    }
  }
}
