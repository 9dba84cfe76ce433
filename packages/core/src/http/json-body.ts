import { ApiError } from '@corral/errors';
import type { CorralRequest } from './exchange.js';

/** Deeper than this, a body is refused before any code walks it recursively. */
export const maxJsonDepth = 64;

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
/** PATCH bodies are JSON merge patches (RFC 7396); JSON Patch (RFC 6902) is another format, not supported. */
const patchMediaType = /^application\/(?:merge-patch\+)?json\s*(?:;|$)/i;
const jsonPatchMediaType = /^application\/json-patch\+json\s*(?:;|$)/i;
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** One `; name=value` of a media type (RFC 9110 §5.6.6: empty ones are allowed), from where the last ended. */
const mediaParameter = new RegExp(`[ \\t]*;[ \\t]*(?:(${token})=(${token}|"(?:[^"\\\\]|\\\\.)*"))?`, 'y');

/** The parameters of a media type by lower-case name (values unquoted); undefined when they do not parse. */
function mediaParameters(type: string): Map<string, string> | undefined {
  const found = new Map<string, string>();
  let at = type.indexOf(';');
  if (at < 0) return found;
  // What comes before the first `;` is the type, with optional whitespace (checked by the caller).
  while (at < type.length) {
    mediaParameter.lastIndex = at;
    const match = mediaParameter.exec(type);
    if (!match || match[0].length === 0) return undefined;
    if (match[1] !== undefined) {
      const value = match[2]!;
      found.set(match[1].toLowerCase(), value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value);
    }
    at = mediaParameter.lastIndex;
  }
  return found;
}

function checkContentType(contentType: string | undefined, patch: boolean): void {
  // What nearly every client sends passes every check below: no pattern needs to run for it.
  if (contentType === 'application/json' || contentType === 'application/merge-patch+json') return;
  const type = contentType?.trim() ?? '';
  if (patch && !patchMediaType.test(type)) {
    throw new ApiError(
      'unsupportedMediaType',
      'PATCH bodies are JSON merge patches: send Content-Type application/merge-patch+json or application/json',
    );
  }
  if (!jsonMediaType.test(type) || jsonPatchMediaType.test(type)) {
    throw new ApiError('unsupportedMediaType', 'Request bodies must be sent with Content-Type: application/json');
  }
  const parameters = mediaParameters(type);
  if (!parameters) {
    throw new ApiError(
      'unsupportedMediaType',
      `The Content-Type header's parameters do not parse (expected "; name=value" pairs); got "${type.slice(0, 80)}"`,
    );
  }
  const charset = parameters.get('charset');
  if (charset !== undefined && !['utf-8', 'utf8'].includes(charset.toLowerCase())) {
    throw new ApiError(
      'unsupportedMediaType',
      `Only the utf-8 charset is accepted for JSON bodies; got "${charset.slice(0, 40)}"`,
    );
  }
}

/**
 * Bodies are read as sent: a compressed one (Content-Encoding, or a transfer coding other than
 * chunked) would be parsed as if it were plain, so it is refused instead.
 */
function checkCodings(request: CorralRequest): void {
  const transfer = request.header('transfer-encoding');
  if (transfer !== undefined && transfer.trim().toLowerCase() !== 'chunked') {
    throw new ApiError(
      'unsupportedMediaType',
      `Only the chunked transfer coding is accepted; got "${transfer.slice(0, 60)}"`,
    );
  }
  const content = request.header('content-encoding');
  if (content !== undefined && content.trim() !== '' && content.trim().toLowerCase() !== 'identity') {
    throw new ApiError(
      'unsupportedMediaType',
      `Request bodies are accepted without content coding; got Content-Encoding "${content.slice(0, 60)}"`,
    );
  }
}

/**
 * Walks the parsed value without recursion: refuses excessive depth and prototype-polluting keys.
 * Only objects and arrays are stacked, with their depth beside them (no pair is made per value).
 */
function checkStructure(root: unknown): void {
  if (typeof root !== 'object' || root === null) return;
  const values: object[] = [root];
  const depths: number[] = [1];
  while (values.length > 0) {
    const value = values.pop()!;
    const depth = depths.pop()!;
    if (depth > maxJsonDepth) throw new ApiError('invalidBody', `The body nests deeper than ${maxJsonDepth} levels`);
    const isArray = Array.isArray(value);
    for (const key of Object.keys(value)) {
      const inner = (value as Record<string, unknown>)[key];
      if (!isArray && (key === '__proto__' || (key === 'constructor' && isPrototypeHolder(inner)))) {
        throw new ApiError('invalidBody', `The body uses the reserved key "${key}"`);
      }
      if (typeof inner === 'object' && inner !== null) {
        values.push(inner);
        depths.push(depth + 1);
      }
    }
  }
}

function isPrototypeHolder(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype');
}

/**
 * Reads, decodes and parses a JSON request body as the collection routes do; every way it can be
 * wrong is a 4xx in the API's error shape: `415` for another media type, charset or content coding,
 * `413` past `limit` bytes, `400` for an empty body, bytes that are not UTF-8 or JSON, nesting
 * deeper than 64 levels or a `__proto__` key. With `patch`, `application/merge-patch+json` is
 * accepted too. Plugins' routes that take a body use it (`context.settings.bodyLimit`).
 */
export async function readJsonBody(
  request: CorralRequest,
  limit: number,
  options: { patch?: boolean } = {},
): Promise<unknown> {
  checkContentType(request.header('content-type'), options.patch ?? false);
  checkCodings(request);
  const bytes = await request.readBody(limit);
  if (bytes.length === 0) throw new ApiError('malformedJson', 'The request body is empty; send a JSON document');
  let text: string;
  try {
    text = utf8Decoder.decode(bytes);
  } catch {
    throw new ApiError('malformedJson', 'The request body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message.slice(0, 200) : 'parse error';
    throw new ApiError('malformedJson', `The request body is not valid JSON: ${detail}`);
  }
  checkStructure(value);
  return value;
}

/** Requires a JSON object at the top level (the shape of every single-record write). */
export function expectObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('invalidBody', 'The request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}
