import type { NoFilters } from './declared.js';

/**
 * Query parameters every list takes (paging, fields, sorting, search, expansions); its other ones are
 * filters. The names are core's `ListParameterName`, written out because the client does not depend on
 * core; openapi-filters.test.ts fails when the two differ.
 */
export type ListParameter =
  | 'offset'
  | 'limit'
  | 'page'
  | 'per_page'
  | 'paging'
  | 'after'
  | 'before'
  | 'fields'
  | 'sortby'
  | 'order'
  | 'query'
  | 'expand';

/** The filter parameters of a list's query type `Q`: `name` and `name[op]`. */
export type FilterParameter<Q> = Exclude<Extract<keyof Q, string>, ListParameter>;

/** The filter a parameter belongs to: `year_of_birth` for `year_of_birth[gte]`. */
export type FilterNameOf<K> = K extends `${infer Name}[${string}]` ? Name : K;

/** The operator of a parameter of filter `Name` (`gte` of `year_of_birth[gte]`). */
export type OperatorOf<K, Name extends string> = K extends `${Name}[${infer Op}]` ? Op : never;

/** A listed parameter value (`state[in]`) as the client takes it: any readonly array of the items. */
export type Listed<V> = V extends readonly (infer Item)[] ? readonly Item[] : V;

/** The value of filter `Name`: the plain value when `Name` itself is a parameter, or operator -> value. */
export type OpenApiFilterValue<Q, Name extends string> =
  | (Name extends keyof Q ? NonNullable<Q[Name]> : never)
  | ([OperatorOf<FilterParameter<Q>, Name>] extends [never]
      ? never
      : {
          readonly [Op in OperatorOf<FilterParameter<Q>, Name>]?: Listed<
            NonNullable<Q[Extract<`${Name}[${Op}]`, keyof Q>]>
          >;
        });

/** A list's filters from the query parameters of its GET, as `list({ filter })` takes them; none when it has none. */
export type OpenApiFilters<Q> = [FilterParameter<Q>] extends [never]
  ? NoFilters
  : { readonly [Name in FilterNameOf<FilterParameter<Q>>]: OpenApiFilterValue<Q, Name> };
