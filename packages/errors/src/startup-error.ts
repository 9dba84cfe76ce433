import type { StartupErrorCode } from './startup-code-registry.js';

/**
 * Thrown when a declaration or the configuration is wrong, typically while the API is being
 * assembled. `code` is stable, declared with its meaning by the package that throws it (see
 * {@link defineStartupCodes}); the message explains the particular case.
 */
export class CorralError extends Error {
  /** Fixed so {@link isCorralError} can recognise errors made by another copy of this package. */
  override readonly name = 'CorralError';
  /** Stable code of the kind of mistake, such as `CORRAL_DUPLICATE_NAME`. */
  readonly code: StartupErrorCode;

  constructor(code: StartupErrorCode, message: string, options: { readonly cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

/** True for a {@link CorralError}, also one made by another copy of this package. */
export function isCorralError(value: unknown): value is CorralError {
  return (
    value instanceof CorralError ||
    (value instanceof Error && value.name === 'CorralError' && typeof (value as { code?: unknown }).code === 'string')
  );
}
