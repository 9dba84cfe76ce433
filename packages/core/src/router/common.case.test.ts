import { describe, expect, it } from 'vitest';
import type { Router } from './router.js';

/** The behaviour every Router implementation must have; each implementation's test calls this. */
export function routerCases(name: string, makeRouter: () => Router<string>): void {
  describe(`${name} (shared router cases)`, () => {
    const build = () => {
      const router = makeRouter();
      router.add('GET', '/zoos', 'list zoos');
      router.add('POST', '/zoos', 'create zoo');
      router.add('GET', '/zoos/:id', 'get zoo');
      router.add('DELETE', '/zoos/:id', 'delete zoo');
      router.add('GET', '/zoos/:parentId/animals', 'list zoo animals');
      router.add('DELETE', '/zoos/:parentId/animals/:id', 'delete zoo animal');
      router.add('GET', '/translate', 'translate');
      return router;
    };

    it('finds static and parameterised routes', () => {
      const router = build();
      expect(router.find('GET', '/zoos')).toEqual({ kind: 'found', handler: 'list zoos', params: {} });
      expect(router.find('GET', '/zoos/7')).toEqual({ kind: 'found', handler: 'get zoo', params: { id: '7' } });
      expect(router.find('DELETE', '/zoos/7/animals/9')).toEqual({
        kind: 'found',
        handler: 'delete zoo animal',
        params: { parentId: '7', id: '9' },
      });
      expect(router.find('GET', '/translate')).toMatchObject({ handler: 'translate' });
    });

    it('decodes parameters', () => {
      expect(build().find('GET', '/zoos/a%20b%2Fc')).toMatchObject({ params: { id: 'a b/c' } });
    });

    it('answers method-not-allowed with the allowed methods', () => {
      const router = build();
      expect(router.find('POST', '/zoos/7')).toEqual({ kind: 'methodNotAllowed', allow: ['DELETE', 'GET'] });
      expect(router.find('PUT', '/zoos')).toEqual({ kind: 'methodNotAllowed', allow: ['GET', 'POST'] });
    });

    it('answers not-found for unknown paths, extra segments and bad encoding', () => {
      const router = build();
      for (const path of ['/', '/lions', '/zoos/7/animals/9/x', '/zoos/%E0%A4%A', '/zoosx', '/translate/now']) {
        expect(router.find('GET', path), path).toEqual({ kind: 'notFound' });
      }
    });

    it('refuses the same method and pattern twice', () => {
      const router = build();
      expect(() => router.add('GET', '/zoos', 'again')).toThrow(/twice/);
    });

    it('finds patterns that start with a parameter', () => {
      const router = makeRouter();
      router.add('GET', '/zoos', 'zoos');
      router.add('GET', '/:anything/info', 'info');
      expect(router.find('GET', '/zoos')).toMatchObject({ handler: 'zoos' });
      expect(router.find('GET', '/lions/info')).toMatchObject({ handler: 'info', params: { anything: 'lions' } });
    });
  });
}
