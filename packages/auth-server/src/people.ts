import { randomBytes } from 'node:crypto';
import { CorralError } from '@corral/errors';
import { accountsFrom } from './accounts.js';
import type { AuthorizationServerOptions } from './options.js';
import { checkPublicClient, type PeopleFacts } from './people-config.js';

/**
 * What the server needs to let people sign in, checked at start; undefined when no one signs in
 * (no users and no public clients), so the server stays machine-to-machine only.
 */
export async function peopleFacts(
  options: AuthorizationServerOptions,
  issuerPath: string,
): Promise<PeopleFacts | undefined> {
  const users = options.users ?? [];
  const apps = options.publicClients ?? [];
  if (users.length === 0 && apps.length === 0) return undefined;
  if (users.length === 0 || apps.length === 0)
    throw new CorralError(
      'CORRAL_INVALID_PUBLIC_CLIENT',
      'createAuthorizationServer: people sign in with both `users` and `publicClients`; one of them is empty',
    );
  const origins = apps.flatMap((app, index) => checkPublicClient(app, index));
  const issuerOrigin = new URL(options.issuer).origin;
  const accounts = await accountsFrom(users);
  // A machine client's tokens name it as their subject, as a person's name them: the API (which keys
  // webhooks, jobs and feeds by subject) could not tell the two apart.
  const clientIds = new Set(options.clients.map((client) => client.clientId));
  const taken = users.findIndex((user) => clientIds.has(user.username));
  if (taken >= 0)
    throw new CorralError(
      'CORRAL_INVALID_USER',
      `createAuthorizationServer: users[${taken}].username "${users[taken]!.username}" is also a client id; tokens of both would have the same subject, so pick another name`,
    );
  return {
    options,
    accounts,
    issuerPath,
    userScopes: [...new Set(users.flatMap((user) => user.scopes))],
    cookieKeys: [randomBytes(32).toString('base64url')],
    formTargets: [...new Set(origins)].filter((origin) => origin !== issuerOrigin),
  };
}

/**
 * An authorization request without `scope` asks for every scope people may have (each person
 * then gets the part their account has), as a machine token request without one gets all of its
 * client's: oidc-provider would grant none.
 */
export function withDefaultScope(url: string, people: PeopleFacts | undefined): string {
  const [path, query = ''] = url.split(/\?(.*)/s) as [string, string?];
  const params = new URLSearchParams(query);
  if (!people || params.has('scope')) return url;
  params.set('scope', people.userScopes.join(' '));
  return `${path}?${params}`;
}
