import {
  ApiError,
  createApi,
  silentLogger,
  type ApiOptions,
  type Authenticator,
  type VersionDescription,
} from '@corral/core';

/** An authenticator that refuses every token: enough to make an API secured, for its description. */
export const refuseAll: Authenticator = {
  authenticate: async () => {
    throw new ApiError('authenticationRequired', 'No token');
  },
  challenge: () => ({ 'www-authenticate': 'Bearer realm="api"' }),
};

/**
 * The description createApi hands plugins for the (first) version of these options, route table
 * included, captured by a plugin that serves nothing: tests document what core really serves.
 */
export function versionOf(options: ApiOptions): VersionDescription {
  const seen: VersionDescription[] = [];
  createApi({
    logger: silentLogger,
    ...options,
    plugins: [...(options.plugins ?? []), { name: 'capture', routes: (version) => (seen.push(version), []) }],
  });
  if (!seen[0]) throw new Error('createApi described no version');
  return seen[0];
}
