import { errorCodes, type ErrorCodeEntry } from './catalogue.js';
import { CorralError } from './startup-error.js';

/** Numbers an application may give its own codes; Corral keeps everything below for itself. */
export const applicationCodeRange = Object.freeze({
  /** Lowest number an application code may have. */
  min: 10_000,
  /** Highest number an application code may have. */
  max: 99_999,
});

declare const madeByDefineErrorCodes: unique symbol;

/**
 * An application's error code, made by {@link defineErrorCodes}. Throw it with
 * `new ApiError(code, message)` like a built-in code name.
 */
export interface AppErrorCode<Name extends string = string> extends ErrorCodeEntry {
  /** The key the code was defined under; served as `name` on the error pages. */
  readonly name: Name;
  /** Type-only mark: such codes come from {@link defineErrorCodes}, which checked them. */
  readonly [madeByDefineErrorCodes]: true;
}

/** What {@link defineErrorCodes} returns: one checked {@link AppErrorCode} per key. */
export type AppErrorCodes<Definitions extends Record<string, ErrorCodeEntry> = Record<string, ErrorCodeEntry>> = {
  readonly [Name in keyof Definitions & string]: AppErrorCode<Name> & Readonly<Definitions[Name]>;
};

function checkDefinition(name: string, entry: ErrorCodeEntry): void {
  if (Object.hasOwn(errorCodes, name))
    throw new CorralError(
      'CORRAL_ERROR_CODE_NAME_CLASH',
      `Error code name "${name}" is a built-in code; choose another name`,
    );
  const { min, max } = applicationCodeRange;
  if (!Number.isInteger(entry.code) || entry.code < min || entry.code > max) {
    throw new CorralError(
      'CORRAL_ERROR_CODE_OUT_OF_RANGE',
      `Error code "${name}" has number ${entry.code}; application codes are whole numbers from ${min} to ${max}`,
    );
  }
  if (!Number.isInteger(entry.status) || entry.status < 400 || entry.status > 599) {
    throw new CorralError(
      'CORRAL_ERROR_CODE_INVALID_STATUS',
      `Error code "${name}" has status ${entry.status}; an error answer has a status from 400 to 599`,
    );
  }
  if (
    typeof entry.title !== 'string' ||
    entry.title.trim() === '' ||
    typeof entry.description !== 'string' ||
    entry.description.trim() === ''
  ) {
    throw new CorralError(
      'CORRAL_ERROR_CODE_INCOMPLETE',
      `Error code "${name}" needs a title and a description for its error page`,
    );
  }
}

/**
 * Checks an application's own error codes and returns them typed, ready for `new ApiError(...)`
 * and for `createApi({ errorCodes })`. Mistakes throw a {@link CorralError} at once.
 */
export function defineErrorCodes<const Definitions extends Record<string, ErrorCodeEntry>>(
  definitions: Definitions,
): AppErrorCodes<Definitions> {
  const byNumber = new Map<number, string>();
  const result: Record<string, ErrorCodeEntry & { name: string }> = {};
  for (const [name, entry] of Object.entries(definitions)) {
    checkDefinition(name, entry);
    const earlier = byNumber.get(entry.code);
    if (earlier !== undefined)
      throw new CorralError(
        'CORRAL_DUPLICATE_ERROR_CODE',
        `Error codes "${earlier}" and "${name}" share the number ${entry.code}`,
      );
    byNumber.set(entry.code, name);
    result[name] = Object.freeze({
      name,
      code: entry.code,
      status: entry.status,
      title: entry.title,
      description: entry.description,
    });
  }
  return Object.freeze(result) as unknown as AppErrorCodes<Definitions>;
}
