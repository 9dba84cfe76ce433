import type { AdminModel } from '../model-types.js';
import { accessToken, forgetSession } from './auth.js';

/** An API answer as the views use it. */
export interface Answer {
  readonly status: number;
  readonly ok: boolean;
  readonly body: Record<string, unknown>;
  readonly etag: string | undefined;
  readonly headers: Headers;
}

/** Called when the API refuses the token (401): the app shows the sign-in again. */
let onSignedOut: () => void = () => {};
export const whenSignedOut = (listener: () => void) => {
  onSignedOut = listener;
};

/** The Authorization header of the tab's session, if any. */
export async function authHeaders(model: AdminModel): Promise<Record<string, string>> {
  if (!model.signIn.issuer) return {};
  const token = await accessToken(model.signIn);
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** One request to the API; JSON in and out, `If-Match` when an ETag is given. */
export async function call(
  model: AdminModel,
  method: string,
  path: string,
  options: { body?: unknown; ifMatch?: string | undefined } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...(await authHeaders(model)) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.ifMatch) headers['if-match'] = options.ifMatch;
  const answer = await fetch(path, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await answer.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { message: text };
  }
  if (answer.status === 401 && model.signIn.issuer) {
    forgetSession();
    onSignedOut();
  }
  return {
    status: answer.status,
    ok: answer.ok,
    body,
    etag: answer.headers.get('etag') ?? undefined,
    headers: answer.headers,
  };
}

/** The message of an error answer, in words a person can act on. */
export function explain(answer: Answer, scope?: string): string {
  const message = typeof answer.body.message === 'string' ? answer.body.message : String(answer.body.error ?? '');
  if (answer.status === 403)
    return `Not allowed: your sign-in does not grant ${scope ? `the scope "${scope}"` : 'this action'}, or a rule of the API refuses it for this record. ${message}`.trim();
  if (answer.status === 404) return `Not found. ${message}`.trim();
  if (answer.status === 410) return 'This record has been deleted.';
  if (answer.status === 429) return 'Too many requests: wait a moment and try again.';
  return message || `The API answered ${answer.status}.`;
}
