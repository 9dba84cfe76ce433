export { errorCodes, findErrorCode, type ErrorCodeEntry, type ErrorCodeName } from './catalogue.js';
export { ApiError, isApiError, toApiError, type ApiErrorOptions, type FieldError } from './api-error.js';
export {
  errorBody,
  type AuthErrorBody,
  type DetailedErrorBody,
  type ErrorBody,
  type ErrorDocsUrl,
  type SimpleErrorBody,
} from './body.js';
export { renderError, type RenderedError } from './render.js';
export { applicationCodeRange, defineErrorCodes, type AppErrorCode, type AppErrorCodes } from './app-codes.js';
export { errorRegistry, type ErrorRegistry, type NamedErrorCode } from './registry.js';
export { CorralError, isCorralError } from './startup-error.js';
export {
  defineStartupCodes,
  findStartupCode,
  startupErrorCodes,
  type DeclaredStartupCode,
  type StartupErrorCode,
} from './startup-code-registry.js';
export { errorsStartupCodes } from './startup-codes.js';
