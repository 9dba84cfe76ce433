/** The quality an Accept header gives a media type (its most specific matching range wins). */
function quality(accept: string, type: string): number {
  const [major] = type.split('/');
  let best = -1;
  let found = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const specificity = range === type ? 3 : range === `${major}/*` ? 2 : range === '*/*' ? 1 : 0;
    if (specificity === 0 || specificity < best) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    best = specificity;
    found = q ? Number(q.slice(2)) || 0 : 1;
  }
  return found;
}

/**
 * Whether a request's Accept header prefers an HTML page to JSON: a browser's navigation
 * (`text/html,...,*\/*;q=0.8`) does; `application/json`, `*\/*` or no header does not.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = quality(accept, 'text/html');
  return html > 0 && html > quality(accept, 'application/json');
}

/** Route kinds a browser is sent on to the admin for: lists and records. */
export const browsableKinds: ReadonlySet<string> = new Set(['list', 'read']);
