export { createAuthorizationServer, type AuthorizationServer } from './authorization-server.js';
export type { AuthorizationServerOptions, ClientDefinition } from './options.js';
export { newSigningKey } from './signing-key.js';
export { authServerStartupCodes } from './startup-codes.js';
