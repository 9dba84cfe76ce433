import { defineStartupCodes } from '@corral/errors';

/** The startup codes of oauth(): options it cannot check tokens with. */
export const oauthStartupCodes = defineStartupCodes('@corral/oauth', {
  CORRAL_OAUTH_OPTION_MISSING: 'oauth() lacks a required option (issuer, audience or algorithms).',
  CORRAL_OAUTH_ALGORITHM_REFUSED: 'oauth() was given a symmetric or unknown signing algorithm.',
  CORRAL_OAUTH_KEYS_CONFLICT: "oauth() was given the issuer's keys both in process (`keys`) and by URL (`jwksUri`).",
  CORRAL_OAUTH_INVALID_ISSUER: 'The issuer given to oauth() is not an absolute URL, or not https off loopback.',
});
