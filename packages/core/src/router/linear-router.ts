import { CorralError } from '@corral/errors';
import { CompiledPattern } from './compiled-pattern.js';
import { resolveMatch } from './resolve-match.js';
import type { Router, RouteMatch } from './router.js';

/** Tries every pattern in order. The reference behaviour the indexed router must equal. */
export class LinearRouter<H> implements Router<H> {
  private readonly patterns = new Map<string, CompiledPattern<H>>();

  add(method: string, pattern: string, handler: H): void {
    let compiled = this.patterns.get(pattern);
    if (!compiled) {
      compiled = new CompiledPattern<H>(pattern);
      this.patterns.set(pattern, compiled);
    }
    if (compiled.handlers.has(method))
      throw new CorralError('CORRAL_DUPLICATE_ROUTE', `Route ${method} ${pattern} is declared twice`);
    compiled.handlers.set(method, handler);
  }

  find(method: string, path: string): RouteMatch<H> {
    return resolveMatch(this.patterns.values(), method, path);
  }
}
