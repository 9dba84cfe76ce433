export { createAuthorizationServer, type AuthorizationServer } from './authorization-server.js';
export type {
  AuthorizationServerOptions,
  ClientDefinition,
  LoginLimits,
  PublicClientDefinition,
  UserAccount,
} from './options.js';
export { hashPassword } from './password-hash.js';
export { newSigningKey } from './signing-key.js';
export { authServerStartupCodes } from './startup-codes.js';
