export { oauth } from './oauth.js';
export type { IntrospectionOptions, OAuthOptions } from './options.js';
export type { BearerAuthenticator, BearerRequest, OAuthPrincipal } from './types.js';
export { bearerChallenge } from './challenge.js';
export { oauthStartupCodes } from './startup-codes.js';
