interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

function parseRange(part: string): MediaRange | undefined {
  const [range = '', ...params] = part.split(';');
  const [type, subtype] = range.trim().toLowerCase().split('/');
  if (!type || !subtype) return undefined;
  const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
  const weight = q === undefined ? 1 : Number(q.slice(2));
  return { type, subtype, q: Number.isFinite(weight) ? weight : 0 };
}

/** How specific a range is for the media type: exact 2, type/* 1, * /* 0, no match -1. */
function specificity(range: MediaRange, type: string, subtype: string): number {
  if (range.type === type && range.subtype === subtype) return 2;
  if (range.type === type && range.subtype === '*') return 1;
  if (range.type === '*' && range.subtype === '*') return 0;
  return -1;
}

/** True when the Accept header allows `application/json` (or there is none). */
export function acceptsJson(accept: string | undefined): boolean {
  return accepts(accept, 'application/json');
}

/**
 * True when the Accept header allows the media type (or there is none). As RFC 9110 says, the
 * most specific range that covers it decides, so `application/json;q=0, *\/*` refuses JSON.
 */
export function accepts(accept: string | undefined, mediaType: string): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  const [type = '', subtype = ''] = mediaType.toLowerCase().split('/');
  let best = -1;
  let q = 0;
  for (const part of accept.split(',')) {
    const range = parseRange(part);
    if (!range) continue;
    const rank = specificity(range, type, subtype);
    if (rank > best) {
      best = rank;
      q = range.q;
    }
  }
  return best >= 0 && q > 0;
}
