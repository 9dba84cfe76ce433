import { defineStartupCodes } from '@corral/errors';

/** The startup codes of the embedded authorization server. */
export const authServerStartupCodes = defineStartupCodes('@corral/auth-server', {
  CORRAL_INVALID_SIGNING_KEY:
    'A signing key given to the embedded authorization server is not a private ES256 JWK with a kid.',
  CORRAL_INVALID_USER:
    'A user given to the embedded authorization server lacks a user name, has a password hash it cannot read, has no list of scopes, or has the name of a machine client.',
  CORRAL_INVALID_PUBLIC_CLIENT:
    'A public client given to the embedded authorization server has no client id or a redirect URI that is not an absolute http(s) URL.',
});
