import type { ErrorDetails, FieldError } from './errors.js';

const codeAtEnd = /\/(\d+)$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function fieldErrorsOf(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const { field, message } = (entry ?? {}) as Record<string, unknown>;
    return typeof message === 'string' ? [{ field: typeof field === 'string' ? field : '', message }] : [];
  });
}

/** The catalogue code of an error body: its `errorCode`, else the number ending its documentation URL. */
export function errorCodeOf(body: unknown): number | undefined {
  const fields = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof fields.errorCode === 'number') return fields.errorCode;
  const fromUrl = (text(fields.additionalInformation) ?? text(fields.documentation_url))?.match(codeAtEnd)?.[1];
  return fromUrl === undefined ? undefined : Number(fromUrl);
}

/**
 * Reads an error answer (kind `http`) in any of the contract's three error shapes (detailed
 * 400/409/422, authentication 401/403, simple `{ error }`), tolerating anything else, such as a proxy's HTML page.
 */
export function errorDetails(
  status: number,
  body: unknown,
  requestId: string | undefined,
  request: string,
): ErrorDetails {
  const fields = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const documentationUrl = text(fields.additionalInformation) ?? text(fields.documentation_url);
  return {
    kind: 'http',
    status,
    errorCode: errorCodeOf(body),
    message: text(fields.message) ?? text(fields.error) ?? `${request} answered ${status}`,
    fieldErrors: fieldErrorsOf(fields.errors),
    documentationUrl,
    requestId,
    request,
  };
}
