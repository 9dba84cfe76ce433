import { defineStartupCodes } from './startup-code-registry.js';

/** The startup codes of this package: application error codes and startup codes declared wrongly. */
export const errorsStartupCodes = defineStartupCodes('@corral/errors', {
  CORRAL_ERROR_CODE_OUT_OF_RANGE: 'An application error code lies outside the range reserved for applications.',
  CORRAL_ERROR_CODE_INVALID_STATUS: 'An application error code has a status outside 400-599.',
  CORRAL_ERROR_CODE_NAME_CLASH:
    'An application error code takes the name of a built-in code or of another registered code.',
  CORRAL_DUPLICATE_ERROR_CODE: 'Two registered error codes share a number.',
  CORRAL_ERROR_CODE_INCOMPLETE: 'An application error code lacks a title or a description.',
  CORRAL_DUPLICATE_STARTUP_CODE: 'Two packages declare the same startup code.',
  CORRAL_INVALID_STARTUP_CODE:
    'A startup code is declared without a meaning or a package name, or with a name not of the form CORRAL_NAME.',
});
