import { defineStartupCodes } from '@corral/core';

/** The startup codes of openApi(). */
export const openApiStartupCodes = defineStartupCodes('@corral/openapi', {
  CORRAL_OPENAPI_TOKEN_URL_MISSING: 'openApi() documents an API that checks tokens but was given no tokenUrl.',
  CORRAL_OPENAPI_SCHEMA_NAME_TAKEN:
    "openApi() was given two different body schemas under one name (a plugin endpoint's, or one the document names itself).",
});
