/** The weight the Accept header gives one media type by an exact range; undefined when none names it. */
function exactWeight(accept: string, mediaType: string): number | undefined {
  let found: number | undefined;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';');
    if (range.trim().toLowerCase() !== mediaType) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    found = Math.max(found ?? 0, Number.isFinite(weight) ? weight : 0);
  }
  return found;
}

/**
 * Whether a GET asks for the feed rather than the JSON answer: only when the Accept header names
 * `text/event-stream` itself (a wildcard never opens a stream), with a weight above zero and not
 * below one it gives `application/json` by name.
 */
export function wantsStream(accept: string | undefined): boolean {
  if (accept === undefined || !/event-stream/i.test(accept)) return false;
  const stream = exactWeight(accept, 'text/event-stream') ?? 0;
  return stream > 0 && stream >= (exactWeight(accept, 'application/json') ?? 0);
}
