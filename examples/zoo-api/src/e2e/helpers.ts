/**
 * Small helpers for the end-to-end tests in this folder. They talk to a real zoo service over real
 * sockets (global fetch), as a client that knows only docs/zoo-api.md would.
 */
import { expect } from 'vitest';

import { startZoo, type RunningZoo } from '../testing/start-zoo.js';

export { startZoo, type RunningZoo };

/** A fresh zoo with tokens of both demo clients, for a suite's beforeAll. */
export async function startZooWithTokens(
  env: Record<string, string> = {},
): Promise<{ zoo: RunningZoo; admin: string; reader: string }> {
  const zoo = await startZoo(env);
  return { zoo, admin: await zoo.token('zoo-admin'), reader: await zoo.token('zoo-reader') };
}

/** What came back: status, headers, the raw text and (when the text is JSON) the parsed body. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** JSON bodies are asserted field by field; `any` keeps those assertions readable. */
  readonly body: any;
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** Sent as JSON with `Content-Type: application/json`. */
  readonly json?: unknown;
  /** Sent as it is (set `contentType` yourself). */
  readonly raw?: string;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
}

/** One request; redirects are never followed, so that a 301 is seen as a 301. */
export async function call(zoo: RunningZoo, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  if (options.raw !== undefined) body = options.raw;
  if (options.contentType !== undefined) headers['content-type'] = options.contentType;
  Object.assign(headers, options.headers);
  const url = path.startsWith('http') ? path : `${zoo.origin}${path}`;
  const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}), redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

export const get = (zoo: RunningZoo, path: string, token?: string, headers?: Record<string, string>) =>
  call(zoo, 'GET', path, { ...(token ? { token } : {}), ...(headers ? { headers } : {}) });

/** Every record of a list, following its `nextPage` links as a client would. */
export async function everyRecord(
  zoo: RunningZoo,
  path: string,
  token: string,
  property: string,
): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = [];
  let next: string | undefined = path;
  for (let pages = 0; next !== undefined; pages++) {
    if (pages > 100) throw new Error(`more than 100 pages at ${path}`);
    const reply = await get(zoo, next, token);
    expect(reply.status, `GET ${next}`).toBe(200);
    records.push(...(reply.body[property] as Record<string, unknown>[]));
    next = (reply.body.links as { rel: string; href: string }[]).find((l) => l.rel === 'nextPage')?.href;
  }
  return records;
}

/** The `href` of the link with this `rel`, or undefined. */
export function linkHref(links: unknown, rel: string): string | undefined {
  return (links as { rel: string; href: string }[] | undefined)?.find((l) => l.rel === rel)?.href;
}

/** 400, 409 and 422: `{message, errorCode, additionalInformation}` (422 adds `errors`). */
export function expectDetailedError(reply: Reply, status: 400 | 409 | 422): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(reply.body).toMatchObject({
    message: expect.any(String),
    errorCode: expect.any(Number),
    additionalInformation: expect.any(String),
  });
  expect(Number.isInteger(reply.body.errorCode)).toBe(true);
  expect(() => new URL(reply.body.additionalInformation as string)).not.toThrow();
  if (status === 422) {
    expect(Array.isArray(reply.body.errors)).toBe(true);
    expect(reply.body.errors.length).toBeGreaterThan(0);
    for (const error of reply.body.errors)
      expect(error).toEqual({ field: expect.any(String), message: expect.any(String) });
  }
}

/** The fields named in a 422's `errors`. */
export function failingFields(reply: Reply): string[] {
  return (reply.body.errors as { field: string }[]).map((e) => e.field).sort();
}

/** Every other 4xx: exactly `{"error": "<message>"}`. */
export function expectSimpleError(reply: Reply, status: number): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(reply.body).toEqual({ error: expect.any(String) });
  expect((reply.body.error as string).length).toBeGreaterThan(0);
}

/** 401 and 403: `{message, documentation_url}` plus a Bearer challenge. */
export function expectAuthError(reply: Reply, status: 401 | 403): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(reply.body).toEqual({ message: expect.any(String), documentation_url: expect.any(String) });
  expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
}

/** The claims of a JWT, read without checking it (the API checks it). */
export function jwtParts(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = token.split('.');
  const decode = (part: string | undefined) =>
    JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: decode(header), payload: decode(payload) };
}

/** Poll a job until it is done (or give up after a few seconds). */
export async function waitForJob(zoo: RunningZoo, location: string, token: string): Promise<Reply> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const reply = await get(zoo, location, token);
    if (reply.status !== 200) return reply;
    if (reply.body.status === 'succeeded' || reply.body.status === 'failed') return reply;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${location} did not finish`);
}
