export { pagingParameterNames } from './names.js';
export { pagingDefaults, withPagingDefaults, type PagingOptions } from './defaults.js';
export { parsePaging, type PageWindow } from './parse-paging.js';
export { pageLinks, type PageLinksInput } from './page-links.js';
export {
  isEnvelopeKey,
  pageEnvelope,
  pageEnvelopeText,
  type EnvelopeKey,
  type PageEnvelope,
  type PageInfo,
  type PageText,
} from './envelope.js';
export { paginationStartupCodes } from './startup-codes.js';
