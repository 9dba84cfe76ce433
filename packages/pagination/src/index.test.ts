import { expect, it } from 'vitest';
import * as pagination from './index.js';

it('exposes exactly the public API', () => {
  expect(Object.keys(pagination).sort()).toStrictEqual([
    'isEnvelopeKey',
    'pageEnvelope',
    'pageEnvelopeText',
    'pageLinks',
    'paginationStartupCodes',
    'pagingDefaults',
    'pagingParameterNames',
    'parsePaging',
    'withPagingDefaults',
  ]);
  expect(pagination.pagingParameterNames).toStrictEqual(['offset', 'limit', 'page', 'per_page']);
});
