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
