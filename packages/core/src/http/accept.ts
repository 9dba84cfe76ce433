/** Media ranges that admit a JSON answer. */
const jsonRanges = new Set(['application/json', 'application/*', '*/*']);

/**
 * True when the Accept header allows `application/json` (or has none). A range with `q=0` is an
 * explicit refusal and does not count.
 */
export function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';');
    if (!jsonRanges.has(range.trim().toLowerCase())) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}
