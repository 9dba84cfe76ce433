export { openApi } from './plugin.js';
export { openApiDocument, type DocumentOptions } from './document.js';
export { openApiStartupCodes } from './startup-codes.js';
