import { request, type Dispatcher } from 'undici';
import type { CorralClientError } from './errors.js';
import { failure, noAnswer } from './failures.js';

/** What a token endpoint grants: the token, and its lifetime when it says one. */
export interface Grant {
  /** The bearer token. */
  readonly access_token: string;
  /** Seconds it stays valid, when the endpoint says. */
  readonly expires_in?: unknown;
}

/** The token endpoint's refusal (RFC 6749 section 5.2) as a `token` error with the OAuth code. */
async function refusal(answer: Dispatcher.ResponseData, endpoint: string): Promise<CorralClientError> {
  let text: string;
  try {
    text = await answer.body.text();
  } catch (error) {
    throw noAnswer(`POST ${endpoint}`, error); // cut off while the refusal was read
  }
  let body: Record<string, unknown> = {};
  try {
    body = (JSON.parse(text) ?? {}) as Record<string, unknown>;
  } catch {
    // not JSON (a proxy's page): no OAuth code to report
  }
  const code = typeof body.error === 'string' ? body.error : undefined;
  const description = typeof body.error_description === 'string' ? `: ${body.error_description}` : '';
  const what = code === undefined ? `answered ${answer.statusCode}` : `refused with ${code}${description}`;
  return failure('token', `POST ${endpoint}`, `The token endpoint ${endpoint} ${what}`, {
    status: answer.statusCode,
    ...(code === undefined ? {} : { oauthError: code }),
  });
}

/** One client-credentials request (HTTP Basic client authentication); every failure is a `CorralClientError`. */
export async function requestGrant(
  endpoint: string,
  basic: string,
  scope: string | undefined,
  dispatcher: Dispatcher,
): Promise<Grant> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
  const answer = await request(endpoint, {
    method: 'POST',
    dispatcher,
    body: form.toString(),
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
  }).catch((error: unknown) => Promise.reject(noAnswer(`POST ${endpoint}`, error)));
  if (answer.statusCode !== 200) throw await refusal(answer, endpoint);
  const grant = (await answer.body.json().catch(() => ({}))) as Partial<Grant>;
  if (typeof grant.access_token !== 'string')
    throw failure('token', `POST ${endpoint}`, `The token endpoint ${endpoint} answered without an access_token`, {
      status: 200,
    });
  return grant as Grant;
}
