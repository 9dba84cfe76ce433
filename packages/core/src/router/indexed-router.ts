import { CorralError } from '@corral/errors';
import { CompiledPattern } from './compiled-pattern.js';
import { resolveMatch } from './resolve-match.js';
import type { Router, RouteMatch } from './router.js';

const dynamicBucket = '\0dynamic';

/** First path segment when it is static text, else the shared bucket for patterns starting with a parameter. */
function firstStaticSegment(pattern: string): string {
  const segment = pattern.split('/')[1] ?? '';
  return /^[A-Za-z0-9._~-]*$/.test(segment) ? segment : dynamicBucket;
}

function firstPathSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

/**
 * Groups patterns by their first static segment, so a lookup only tries the few patterns of one
 * resource: its cost does not grow with the number of collections.
 */
export class IndexedRouter<H> implements Router<H> {
  private readonly buckets = new Map<string, CompiledPattern<H>[]>();
  private readonly byPattern = new Map<string, CompiledPattern<H>>();

  add(method: string, pattern: string, handler: H): void {
    let compiled = this.byPattern.get(pattern);
    if (!compiled) {
      compiled = new CompiledPattern<H>(pattern);
      this.byPattern.set(pattern, compiled);
      const key = firstStaticSegment(pattern);
      const bucket = this.buckets.get(key) ?? [];
      bucket.push(compiled);
      this.buckets.set(key, bucket);
    }
    if (compiled.handlers.has(method))
      throw new CorralError('CORRAL_DUPLICATE_ROUTE', `Route ${method} ${pattern} is declared twice`);
    compiled.handlers.set(method, handler);
  }

  find(method: string, path: string): RouteMatch<H> {
    const bucket = this.buckets.get(firstPathSegment(path));
    if (bucket) {
      const found = resolveMatch(bucket, method, path);
      if (found.kind !== 'notFound') return found;
    }
    const dynamic = this.buckets.get(dynamicBucket);
    return dynamic ? resolveMatch(dynamic, method, path) : { kind: 'notFound' };
  }
}
