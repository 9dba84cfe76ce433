/** How the service is started; every value has a default so that `npm start` needs nothing. */
export interface ZooConfig {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly basePath: string;
}

/** Reads the configuration from environment variables (PORT, HOST, PUBLIC_URL, BASE_PATH). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ZooConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number; got "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    basePath: env.BASE_PATH ?? '',
  };
}
