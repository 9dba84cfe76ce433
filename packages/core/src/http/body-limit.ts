import { ApiError } from '@corral/errors';

/**
 * The 413 of a body past `limit`. It closes the connection unless `keepOpen`: then the server reads
 * what is left of the body and throws it away, and the connection serves the next request.
 */
export function payloadTooLarge(limit: number, keepOpen = false): ApiError {
  return new ApiError('payloadTooLarge', `The request body is larger than the limit of ${limit} bytes`, {
    headers: keepOpen ? {} : { connection: 'close' },
  });
}

/**
 * Up to this many times the limit, a declared body is read to its end and thrown away after its
 * 413 rather than cut: a server that closes while a client is still sending makes the client's
 * system answer the rest with a reset, which many clients report instead of the 413.
 */
export const discardedBodyFactor = 8;

/** A declared Content-Length over the limit is refused before a byte of the body is read. */
export function checkDeclaredLength(contentLength: string | undefined, limit: number): void {
  if (contentLength === undefined) return;
  const declared = Number(contentLength);
  if (declared > limit) throw payloadTooLarge(limit, declared <= limit * discardedBodyFactor);
}

/** Concatenates chunks, giving up (413) as soon as their total passes the limit. */
export async function collectLimited(
  chunks: AsyncIterable<Uint8Array>,
  limit: number,
  onTooLarge?: () => void,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > limit) {
      onTooLarge?.();
      throw payloadTooLarge(limit);
    }
    parts.push(chunk);
  }
  if (parts.length === 1) return parts[0]!;
  const all = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.byteLength;
  }
  return all;
}

/**
 * Reads a body once, however often it is asked for: a hook (such as the idempotency check) and
 * then the handler both read it. A later call with a smaller limit still gets its 413.
 */
export function readOnce(read: (limit: number) => Promise<Uint8Array>): (limit: number) => Promise<Uint8Array> {
  let bytes: Promise<Uint8Array> | undefined;
  return (limit) => {
    bytes ??= read(limit);
    return bytes.then((body) => {
      if (body.byteLength > limit) throw payloadTooLarge(limit);
      return body;
    });
  };
}
