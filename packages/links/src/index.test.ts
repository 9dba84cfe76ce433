import { expect, it } from 'vitest';
import * as links from './index.js';

it('exposes exactly the public API', () => {
  expect(Object.keys(links).sort()).toStrictEqual([
    'collectionLink',
    'relatedLink',
    'resourceHref',
    'rootDocument',
    'selfLink',
  ]);
});
