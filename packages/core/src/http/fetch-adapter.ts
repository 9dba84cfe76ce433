import { fetchStream } from './fetch-stream.js';
import { checkDeclaredLength, collectLimited, readOnce } from './body-limit.js';
import { isStreaming, type CorralRequest, type CorralResponse } from './exchange.js';

async function* chunksOf(body: ReadableStream<Uint8Array> | null): AsyncIterable<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** Wraps a Web-standard Request in the pipeline's request shape. */
export function fromFetchRequest(request: Request, remoteAddress?: string): CorralRequest {
  const url = new URL(request.url);
  return {
    method: request.method.toUpperCase(),
    path: url.pathname,
    rawQuery: url.search.slice(1),
    query: url.searchParams,
    header: (name) => request.headers.get(name) ?? undefined,
    hasBody: request.body !== null,
    signal: request.signal,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
    readBody: readOnce(async (limit) => {
      checkDeclaredLength(request.headers.get('content-length') ?? undefined, limit);
      return collectLimited(chunksOf(request.body), limit);
    }),
  };
}

const utf8 = new TextEncoder();

/** Turns a pipeline answer into a Web-standard Response (no body for HEAD, 204, 304). */
export function toFetchResponse(method: string, response: CorralResponse): Response {
  const noBody = method === 'HEAD' || response.status === 204 || response.status === 304;
  const headers = new Headers(response.headers);
  if (isStreaming(response.body))
    return new Response(noBody ? null : fetchStream(response.body), { status: response.status, headers });
  // Encoded once here (TextEncoder, not Buffer, so this runs on any runtime): the length and the
  // body come from the same bytes.
  const bytes =
    response.body === undefined
      ? undefined
      : typeof response.body === 'string'
        ? utf8.encode(response.body)
        : new Uint8Array(response.body);
  if (bytes !== undefined) headers.set('content-length', String(bytes.byteLength));
  const body = noBody || bytes === undefined ? null : bytes;
  return new Response(body, { status: response.status, headers });
}
