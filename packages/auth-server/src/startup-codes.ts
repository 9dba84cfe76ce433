import { defineStartupCodes } from '@corral/errors';

/** The startup code of the embedded authorization server. */
export const authServerStartupCodes = defineStartupCodes('@corral/auth-server', {
  CORRAL_INVALID_SIGNING_KEY:
    'A signing key given to the embedded authorization server is not a private ES256 JWK with a kid.',
});
