// The client tells filters apart from the other list parameters by name; core owns those names.
// A parameter added to core but not here would be typed as a filter: this test (and typecheck) catch it.
import { listParameters, type ListParameterName } from '@corral/core';
import { expect, expectTypeOf, it } from 'vitest';
import type { ListParameter } from './openapi-filters.js';

/** Every name the client knows, once (the type makes a missing or unknown one a compile error). */
const clientNames = {
  offset: true,
  limit: true,
  page: true,
  per_page: true,
  paging: true,
  after: true,
  before: true,
  fields: true,
  sortby: true,
  order: true,
  query: true,
  expand: true,
} as const satisfies Record<ListParameter, true>;

it('knows exactly the list parameters core takes besides filters', () => {
  expectTypeOf<ListParameter>().toEqualTypeOf<ListParameterName>();
  const coreNames = listParameters.map((parameter) => parameter.name);
  expect(Object.keys(clientNames).sort()).toStrictEqual([...coreNames].sort());
});
