import { join } from 'node:path';
import type { ClientDefinition, UserAccount } from '@corral/auth-server';
import { parseWebhookAllow, type WebhookAllow } from '@corral/webhooks';
import type { JWK } from 'jose';
import { type TlsConfig, tlsFrom } from './tls-config.js';

/** How the service is started; every value has a default so that `npm start` needs nothing. */
export interface ZooConfig {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  /** TLS_CERT and TLS_KEY: serve HTTPS (HTTP/2 and HTTP/1.1) with this certificate; plain HTTP without. */
  readonly tls?: TlsConfig;
  readonly basePath: string;
  readonly oauth: OAuthConfig;
  readonly storage: StorageConfig;
  /**
   * Origins of web pages allowed to call the API and to ask the embedded server for tokens (CORS),
   * besides the PUBLIC_URL origin and the address the process listens on, which always are.
   */
  readonly corsOrigins: readonly string[];
  /** Record OpenTelemetry spans and metrics (when OTEL_EXPORTER_OTLP_ENDPOINT names where the SDK sends them). */
  readonly telemetry: boolean;
  readonly rateLimits: RateLimitConfig;
  /**
   * STARTUP_RETRY_SECONDS: how long start-up keeps trying a database that does not answer yet
   * (default 0: exit at once, for an orchestrator that restarts the process anyway).
   */
  readonly startupRetrySeconds: number;
  /** STREAMS_PER_CLIENT: feeds (`Accept: text/event-stream`) one client may hold open at once, default 100. */
  readonly streamsPerClient: number;
  /** MAX_CONNECTIONS: connections the server holds open at once (each open feed is one), default 10,000. */
  readonly maxConnections: number;
  /**
   * WEBHOOK_ALLOW: hosts, host:port or CIDR ranges (comma-separated) that webhooks may call despite
   * the address rules, over http too (development and tests); empty by default.
   */
  readonly webhookAllow: WebhookAllow;
  /** How the admin UI signs people in: its OAuth client and where the issuer sends people back. */
  readonly admin: AdminSignInConfig;
}

/** The admin UI's OAuth client (a public client using the authorization code grant with PKCE). */
export interface AdminSignInConfig {
  /**
   * ADMIN_CLIENT_ID: its client id. With the embedded server, default `corral-admin` (registered
   * there); with OAUTH_ISSUER, the id the external issuer gave it, or undefined when not set.
   */
  readonly clientId: string | undefined;
  /** Where the issuer sends people back after signing in: `$PUBLIC_URL$BASE_PATH/admin/callback`. */
  readonly redirectUri: string;
  /** Where sign-out sends people afterwards: `$PUBLIC_URL$BASE_PATH/admin`. */
  readonly postLogoutRedirectUri: string;
}

/**
 * Requests each caller may send per window (a client by its token, else an address). Generous by
 * default, for the demo; `0` switches a limit off.
 */
export interface RateLimitConfig {
  /** Reads (and every other request) per window: RATE_LIMIT, default 1200. */
  readonly limit: number;
  /** Writes (POST, PUT, PATCH, DELETE) per window, counted apart: RATE_LIMIT_WRITES, default 600. */
  readonly writeLimit: number;
  /** Token and authorization requests per window per address at the embedded server: RATE_LIMIT_TOKENS, default 120. */
  readonly tokenLimit: number;
  /** Length of the window in seconds: RATE_LIMIT_WINDOW, default 60. */
  readonly windowSeconds: number;
  /** Where counters live when set (shared by every process using it): REDIS_URL; else the database, else memory. */
  readonly redisUrl: string | undefined;
  /** Prefix of the keys written to Redis, so several services can share one: REDIS_KEY_PREFIX, default `zoo:rl:`. */
  readonly redisKeyPrefix: string;
}

function countFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, least = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < least)
    throw new Error(`${name} must be a whole number of at least ${least}; got "${raw}"`);
  return value;
}

function rateLimitsFrom(env: NodeJS.ProcessEnv): RateLimitConfig {
  return {
    limit: countFrom(env, 'RATE_LIMIT', 1200),
    writeLimit: countFrom(env, 'RATE_LIMIT_WRITES', 600),
    tokenLimit: countFrom(env, 'RATE_LIMIT_TOKENS', 120),
    windowSeconds: countFrom(env, 'RATE_LIMIT_WINDOW', 60, 1),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'zoo:rl:',
  };
}

/** Where the records live: a SQLite file (the default), PostgreSQL, or process memory (lost at exit). */
export type StorageConfig =
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema: string }
  | { readonly kind: 'mysql'; readonly url: string }
  | { readonly kind: 'memory' };

/**
 * STORE picks the kind; DATABASE_URL means PostgreSQL, or MariaDB/MySQL when it starts with
 * `mysql://` or `mariadb://`; otherwise a SQLite file in DATA_DIR (default ./data).
 */
function storageFrom(env: NodeJS.ProcessEnv): StorageConfig {
  const mysqlUrl = /^(?:mysql|mariadb):\/\//i.test(env.DATABASE_URL ?? '');
  const kind = env.STORE || (env.DATABASE_URL ? (mysqlUrl ? 'mysql' : 'postgres') : 'sqlite');
  if (kind === 'memory') return { kind };
  if (kind === 'sqlite') return { kind, file: join(env.DATA_DIR || 'data', 'zoo.sqlite') };
  if (kind === 'postgres') {
    if (!env.DATABASE_URL) throw new Error('STORE=postgres needs DATABASE_URL, e.g. postgres://localhost/zoo');
    return { kind, url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA || 'public' };
  }
  if (kind === 'mysql') {
    if (!env.DATABASE_URL) throw new Error('STORE=mysql needs DATABASE_URL, e.g. mysql://root@127.0.0.1:3306/zoo');
    // mysql2 reads mysql:// URLs; mariadb:// names the same server.
    return { kind, url: env.DATABASE_URL.replace(/^mariadb:/i, 'mysql:') };
  }
  throw new Error(`STORE must be sqlite, postgres, mysql or memory; got "${kind}"`);
}

/** Either the embedded authorization server with its demo clients, or an external issuer. */
export type OAuthConfig =
  | {
      readonly kind: 'embedded';
      readonly issuer: string;
      readonly audience: string;
      readonly clients: readonly ClientDefinition[];
      /** OAUTH_USERS, or the demo people: who may sign in to the admin UI. */
      readonly users: readonly UserAccount[];
      /** OAUTH_SIGNING_KEY: a private ES256 JWK to sign with, instead of the key kept beside the records. */
      readonly signingKey?: JWK;
    }
  | {
      readonly kind: 'external';
      readonly issuer: string;
      readonly audience: string;
      readonly algorithms: readonly string[];
      readonly tokenUrl: string;
    };

const everyScope = [
  'zoo:read',
  'zoo:write',
  'staff:read',
  'staff:write',
  'salary:read',
  'salary:write',
  'crm:read',
  'crm:write',
  'webhooks:write',
];

/** The two demo clients the README uses. */
export const demoClients: readonly ClientDefinition[] = [
  { clientId: 'zoo-admin', clientSecret: 'zoo-admin-secret', scopes: everyScope },
  { clientId: 'zoo-reader', clientSecret: 'zoo-reader-secret', scopes: ['zoo:read', 'staff:read', 'crm:read'] },
];

const readScopes = everyScope.filter((scope) => scope.endsWith(':read'));

/**
 * The two demo people the README uses, who sign in to the admin UI: `admin` (password
 * `admin-password`, every scope) and `viewer` (`viewer-password`, the read scopes). Hashes made
 * with corral-hash-password.
 */
export const demoUsers: readonly UserAccount[] = [
  {
    username: 'admin',
    passwordHash: 'scrypt$32768$8$1$nXBkJV1voOb1wyMaNDBEFg$cQwfMzv3R0skTLSu1i-27Fq_I4u0W21JIjtulACXIho',
    scopes: everyScope,
  },
  {
    username: 'viewer',
    passwordHash: 'scrypt$32768$8$1$I8y0DUK-nUY01JmUzHkDTw$PQu6i0aotQkcRekXbhRoY9atcEbuSw-H-H7neelPPA0',
    scopes: readScopes,
  },
];

const usersShape = 'OAUTH_USERS must be a JSON array of {"username","passwordHash","scopes":[...]}';

function usersFrom(json: string | undefined): readonly UserAccount[] {
  if (!json) return demoUsers;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new Error(`${usersShape}; it is not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw new Error(usersShape);
  for (const [index, user] of parsed.entries()) {
    const problem =
      typeof user?.username !== 'string' || user.username === ''
        ? 'username must be a non-empty string'
        : typeof user.passwordHash !== 'string' || !user.passwordHash.startsWith('scrypt$')
          ? 'passwordHash must be a hash made by corral-hash-password (scrypt$...)'
          : !Array.isArray(user.scopes) || !user.scopes.every((scope: unknown) => typeof scope === 'string')
            ? 'scopes must be an array of scope names'
            : undefined;
    if (problem) throw new Error(`${usersShape}: OAUTH_USERS[${index}].${problem}`);
  }
  return parsed as UserAccount[];
}

function signingKeyFrom(json: string): JWK {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('OAUTH_SIGNING_KEY must be a private ES256 key as a JWK (JSON)');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('OAUTH_SIGNING_KEY must be a private ES256 key as a JWK (JSON)');
  return parsed as JWK;
}

function startupRetryFrom(value: string | undefined): number {
  const seconds = value === undefined || value === '' ? 0 : Number(value);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 3600)
    throw new Error(`STARTUP_RETRY_SECONDS must be a whole number of seconds from 0 to 3600; got "${value}"`);
  return seconds;
}

function clientsFrom(json: string | undefined): readonly ClientDefinition[] {
  if (!json) return demoClients;
  const parsed: unknown = JSON.parse(json);
  const valid =
    Array.isArray(parsed) &&
    parsed.every(
      (c) => typeof c?.clientId === 'string' && typeof c?.clientSecret === 'string' && Array.isArray(c?.scopes),
    );
  if (!valid) throw new Error('OAUTH_CLIENTS must be a JSON array of {"clientId","clientSecret","scopes":[...]}');
  return parsed as ClientDefinition[];
}

/**
 * Reads the configuration from environment variables: PORT, HOST, PUBLIC_URL, BASE_PATH, TLS_CERT +
 * TLS_KEY (PEM files: serve HTTPS; HSTS_MAX_AGE for its Strict-Transport-Security), and for
 * auth OAUTH_ISSUER + OAUTH_AUDIENCE (+ OAUTH_ALGORITHMS, OAUTH_TOKEN_URL) for an external issuer, or
 * OAUTH_CLIENTS and OAUTH_USERS to replace the embedded server's demo clients and people, ADMIN_CLIENT_ID
 * for the admin UI's client id (and OAUTH_SIGNING_KEY, a private ES256
 * JWK it signs with; by default its key is kept beside the records); and where records live: DATA_DIR
 * (the folder of the SQLite file, default ./data), DATABASE_URL (PostgreSQL, tables in
 * DATABASE_SCHEMA, default public) or STORE=memory; CORS_ORIGINS (comma-separated origins of
 * other web pages that may call the API); OTEL_EXPORTER_OTLP_ENDPOINT turns telemetry on; rate
 * limits: RATE_LIMIT, RATE_LIMIT_WRITES, RATE_LIMIT_TOKENS, RATE_LIMIT_WINDOW, REDIS_URL and
 * REDIS_KEY_PREFIX (see {@link RateLimitConfig}); STARTUP_RETRY_SECONDS for a database that is not up yet;
 * STREAMS_PER_CLIENT for the feeds one client may hold open; MAX_CONNECTIONS for the connections of
 * the whole server; WEBHOOK_ALLOW for webhook destinations on an inside network.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ZooConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number; got "${env.PORT}"`);
  const tls = tlsFrom(env);
  const publicUrl = (env.PUBLIC_URL || `${tls ? 'https' : 'http'}://127.0.0.1:${port}`).replace(/\/+$/, '');
  const basePath = env.BASE_PATH ?? '';
  const audience = env.OAUTH_AUDIENCE || `${publicUrl}${basePath}`;
  if (env.OAUTH_ISSUER && !env.OAUTH_AUDIENCE)
    throw new Error('OAUTH_ISSUER needs OAUTH_AUDIENCE: the audience the external issuer puts in tokens for this API');
  const oauth: OAuthConfig = env.OAUTH_ISSUER
    ? {
        kind: 'external',
        issuer: env.OAUTH_ISSUER,
        audience,
        algorithms: (env.OAUTH_ALGORITHMS || 'RS256,ES256').split(',').map((a) => a.trim()),
        tokenUrl: env.OAUTH_TOKEN_URL || `${env.OAUTH_ISSUER.replace(/\/+$/, '')}/token`,
      }
    : {
        kind: 'embedded',
        issuer: `${publicUrl}/oauth`,
        audience,
        clients: clientsFrom(env.OAUTH_CLIENTS),
        users: usersFrom(env.OAUTH_USERS),
        ...(env.OAUTH_SIGNING_KEY ? { signingKey: signingKeyFrom(env.OAUTH_SIGNING_KEY) } : {}),
      };
  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    publicUrl,
    ...(tls ? { tls } : {}),
    basePath,
    oauth,
    storage: storageFrom(env),
    corsOrigins,
    telemetry: Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT),
    rateLimits: rateLimitsFrom(env),
    startupRetrySeconds: startupRetryFrom(env.STARTUP_RETRY_SECONDS),
    streamsPerClient: countFrom(env, 'STREAMS_PER_CLIENT', 100, 1),
    maxConnections: countFrom(env, 'MAX_CONNECTIONS', 10_000, 1),
    webhookAllow: parseWebhookAllow(env.WEBHOOK_ALLOW ?? ''),
    admin: {
      clientId: env.ADMIN_CLIENT_ID || (env.OAUTH_ISSUER ? undefined : 'corral-admin'),
      redirectUri: `${publicUrl}${basePath}/admin/callback`,
      postLogoutRedirectUri: `${publicUrl}${basePath}/admin`,
    },
  };
}
