import { ApiError } from '@corral/errors';
import {
  createApi,
  defineCollection,
  memoryStore,
  silentLogger,
  type ApiPlugin,
  type Authenticator,
} from '@corral/core';
import { z } from 'zod';

/** The bearer value names the client: `Bearer client-a`; `Bearer bad` is a refused token. */
export const testAuth: Authenticator = {
  async authenticate(request) {
    const header = request.header('authorization');
    if (!header) return undefined;
    const clientId = header.replace(/^Bearer /, '');
    if (clientId === 'bad') throw new ApiError('authenticationRequired', 'bad token');
    return { subject: `user-of-${clientId}`, clientId, scopes: new Set(['notes:read', 'notes:write']), claims: {} };
  },
  challenge: () => ({ 'www-authenticate': 'Bearer realm="test"' }),
};

/** A small secured API (notes) with the given plugins. */
export function notesApi(plugins: readonly ApiPlugin[]) {
  const notes = defineCollection({
    name: 'notes',
    schema: z.object({ text: z.string() }),
    scopes: { read: 'notes:read', write: 'notes:write' },
    store: memoryStore({ initial: [{ text: 'a' }] }),
  });
  return createApi({ collections: [notes], auth: testAuth, logger: silentLogger, plugins: [...plugins] });
}
