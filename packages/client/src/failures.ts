import type { ClientErrorKind } from './error-kinds.js';
import { CorralClientError } from './errors.js';

/** What else a failure of the client's own (not an error answer) may carry. */
export interface FailureExtras {
  /** The status of the answer involved, when there was one (default 0). */
  readonly status?: number;
  /** The underlying error. */
  readonly cause?: unknown;
  /** The token endpoint's OAuth `error` code. */
  readonly oauthError?: string;
}

/** A failure the client itself found, as a {@link CorralClientError} of that kind. */
export function failure(
  kind: ClientErrorKind,
  request: string,
  message: string,
  extras: FailureExtras = {},
): CorralClientError {
  const details = {
    kind,
    status: extras.status ?? 0,
    errorCode: undefined,
    message,
    fieldErrors: [],
    documentationUrl: undefined,
    requestId: undefined,
    request,
    oauthError: extras.oauthError,
  };
  return new CorralClientError(details, 'cause' in extras ? { cause: extras.cause } : undefined);
}

/** The one error of a call its signal aborted, wherever it was; the signal's reason is the cause. */
export function aborted(request: string, signal: AbortSignal): CorralClientError {
  return failure('aborted', request, `${request} was aborted by its signal`, { cause: signal.reason });
}

const timeoutCodes = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** A request that got no (complete) answer: `timeout` when the dispatcher gave up waiting, else `network`. */
export function noAnswer(request: string, cause: unknown): CorralClientError {
  const code = (cause as { code?: unknown } | null)?.code;
  const kind = typeof code === 'string' && timeoutCodes.has(code) ? 'timeout' : 'network';
  const reason = cause instanceof Error ? cause.message : String(cause);
  return failure(kind, request, `${request} got no answer: ${reason}`, { cause });
}
