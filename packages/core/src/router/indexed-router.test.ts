import { describe, expect, it } from 'vitest';
import { routerCases } from './common.case.test.js';
import { IndexedRouter } from './indexed-router.js';
import { LinearRouter } from './linear-router.js';

routerCases('IndexedRouter', () => new IndexedRouter<string>());

describe('IndexedRouter with many collections', () => {
  it('agrees with the linear router on every route of 200 collections', () => {
    const indexed = new IndexedRouter<string>();
    const linear = new LinearRouter<string>();
    for (let i = 0; i < 200; i++) {
      for (const router of [indexed, linear]) {
        router.add('GET', `/c${i}`, `list ${i}`);
        router.add('GET', `/c${i}/:id`, `get ${i}`);
      }
    }
    for (const path of ['/c0', '/c199/5', '/c200', '/c5/5/5', '/']) {
      expect(indexed.find('GET', path)).toEqual(linear.find('GET', path));
      expect(indexed.find('POST', path)).toEqual(linear.find('POST', path));
    }
  });
});
