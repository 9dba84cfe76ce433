import type { CompiledPattern } from './compiled-pattern.js';
import type { RouteMatch } from './router.js';

/** Tries candidate patterns in registration order; the first that matches the path decides. */
export function resolveMatch<H>(candidates: Iterable<CompiledPattern<H>>, method: string, path: string): RouteMatch<H> {
  for (const candidate of candidates) {
    const params = candidate.exec(path);
    if (!params) continue;
    const handler = candidate.handlers.get(method);
    if (handler === undefined) return { kind: 'methodNotAllowed', allow: candidate.allow() };
    return { kind: 'found', handler, params };
  }
  return { kind: 'notFound' };
}
