import { join } from 'node:path';
import type { ClientDefinition } from '@corral/auth-server';

/** How the service is started; every value has a default so that `npm start` needs nothing. */
export interface ZooConfig {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly basePath: string;
  readonly oauth: OAuthConfig;
  readonly storage: StorageConfig;
}

/** Where the records live: a SQLite file (the default), PostgreSQL, or process memory (lost at exit). */
export type StorageConfig =
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema: string }
  | { readonly kind: 'memory' };

/** STORE picks the kind; DATABASE_URL means PostgreSQL; otherwise a SQLite file in DATA_DIR (default ./data). */
function storageFrom(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = env.STORE || (env.DATABASE_URL ? 'postgres' : 'sqlite');
  if (kind === 'memory') return { kind };
  if (kind === 'sqlite') return { kind, file: join(env.DATA_DIR || 'data', 'zoo.sqlite') };
  if (kind === 'postgres') {
    if (!env.DATABASE_URL) throw new Error('STORE=postgres needs DATABASE_URL, e.g. postgres://localhost/zoo');
    return { kind, url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA || 'public' };
  }
  throw new Error(`STORE must be sqlite, postgres or memory; got "${kind}"`);
}

/** Either the embedded authorization server with its demo clients, or an external issuer. */
export type OAuthConfig =
  | { readonly kind: 'embedded'; readonly issuer: string; readonly audience: string; readonly clients: readonly ClientDefinition[] }
  | { readonly kind: 'external'; readonly issuer: string; readonly audience: string; readonly algorithms: readonly string[]; readonly tokenUrl: string };

const everyScope = ['zoo:read', 'zoo:write', 'staff:read', 'staff:write', 'salary:read', 'salary:write', 'crm:read', 'crm:write'];

/** The two demo clients the README uses. */
export const demoClients: readonly ClientDefinition[] = [
  { clientId: 'zoo-admin', clientSecret: 'zoo-admin-secret', scopes: everyScope },
  { clientId: 'zoo-reader', clientSecret: 'zoo-reader-secret', scopes: ['zoo:read', 'staff:read', 'crm:read'] },
];

function clientsFrom(json: string | undefined): readonly ClientDefinition[] {
  if (!json) return demoClients;
  const parsed: unknown = JSON.parse(json);
  const valid = Array.isArray(parsed) && parsed.every((c) => typeof c?.clientId === 'string' && typeof c?.clientSecret === 'string' && Array.isArray(c?.scopes));
  if (!valid) throw new Error('OAUTH_CLIENTS must be a JSON array of {"clientId","clientSecret","scopes":[...]}');
  return parsed as ClientDefinition[];
}

/**
 * Reads the configuration from environment variables: PORT, HOST, PUBLIC_URL, BASE_PATH, and for
 * auth OAUTH_ISSUER + OAUTH_AUDIENCE (+ OAUTH_ALGORITHMS, OAUTH_TOKEN_URL) for an external issuer, or
 * OAUTH_CLIENTS to replace the embedded server's demo clients; and where records live: DATA_DIR
 * (the folder of the SQLite file, default ./data), DATABASE_URL (PostgreSQL, tables in
 * DATABASE_SCHEMA, default public) or STORE=memory.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ZooConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number; got "${env.PORT}"`);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const basePath = env.BASE_PATH ?? '';
  const audience = env.OAUTH_AUDIENCE || `${publicUrl}${basePath}`;
  if (env.OAUTH_ISSUER && !env.OAUTH_AUDIENCE) throw new Error('OAUTH_ISSUER needs OAUTH_AUDIENCE: the audience the external issuer puts in tokens for this API');
  const oauth: OAuthConfig = env.OAUTH_ISSUER
    ? {
        kind: 'external', issuer: env.OAUTH_ISSUER, audience,
        algorithms: (env.OAUTH_ALGORITHMS || 'RS256,ES256').split(',').map((a) => a.trim()),
        tokenUrl: env.OAUTH_TOKEN_URL || `${env.OAUTH_ISSUER.replace(/\/+$/, '')}/token`,
      }
    : { kind: 'embedded', issuer: `${publicUrl}/oauth`, audience, clients: clientsFrom(env.OAUTH_CLIENTS) };
  return { port, host: env.HOST || '127.0.0.1', publicUrl, basePath, oauth, storage: storageFrom(env) };
}
