import { defineStartupCodes } from '@corral/core';

/** The startup code of openApi(). */
export const openApiStartupCodes = defineStartupCodes('@corral/openapi', {
  CORRAL_OPENAPI_TOKEN_URL_MISSING: 'openApi() documents an API that checks tokens but was given no tokenUrl.',
});
