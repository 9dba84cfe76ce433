import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/** Settings of {@link tokenStore}; tests shrink the bound and move the clock. */
export interface TokenStoreOptions {
  /** Most entries kept of each kind (model); past it the oldest go first (default 10 000). */
  readonly maxEntries?: number;
  /** Current time in milliseconds (default `Date.now`). */
  readonly now?: () => number;
}

interface Entry {
  readonly payload: AdapterPayload;
  readonly expiresAt: number;
}

/**
 * What oidc-provider keeps for the embedded server: opaque access tokens (JWTs are not stored)
 * and, when people sign in, sign-in sessions, interactions, grants, codes and refresh tokens, each
 * until it expires or is revoked. A store in this process fits a development server: they do not
 * outlive it, as the default signing key does not. One store per server, shared by the providers a
 * key rotation makes, so nothing is lost then. Each kind is bounded on its own, so a stream of
 * anonymous requests (each opening an interaction) cannot push out people's refresh tokens.
 */
export function tokenStore(options: TokenStoreOptions = {}): AdapterFactory {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const models = new Map<string, Map<string, Entry>>();
  // Sessions are also looked up by their uid (interactions and session-bound tokens name it).
  const sessionIds = new Map<string, string>();

  return (model: string): Adapter => {
    let entries = models.get(model);
    if (!entries) models.set(model, (entries = new Map()));
    const map = entries;
    const forget = (id: string) => {
      const uid = map.get(id)?.payload.uid;
      if (model === 'Session' && uid !== undefined && sessionIds.get(uid) === id) sessionIds.delete(uid);
      map.delete(id);
    };
    const live = (id: string): Entry | undefined => {
      const entry = map.get(id);
      if (entry && entry.expiresAt <= now()) forget(id);
      else return entry;
      return undefined;
    };
    // Entries are kept in the order they were written; the entries of one kind mostly share a
    // lifetime, so the oldest expire first: dropping from the front until one is live is enough.
    const prune = () => {
      for (const [id, entry] of map) {
        if (entry.expiresAt > now() && map.size <= maxEntries) break;
        forget(id);
      }
    };
    return {
      async upsert(id, payload, expiresIn) {
        forget(id); // written again: it moves to the back
        const expiresAt = typeof expiresIn === 'number' ? now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
        map.set(id, { payload, expiresAt });
        if (model === 'Session' && typeof payload.uid === 'string') sessionIds.set(payload.uid, id);
        prune();
      },
      find: async (id) => live(id)?.payload,
      async destroy(id) {
        forget(id);
      },
      async consume(id) {
        const entry = live(id);
        if (entry) entry.payload.consumed = Math.floor(now() / 1000);
      },
      async findByUid(uid) {
        const id = model === 'Session' ? sessionIds.get(uid) : undefined;
        return id === undefined ? undefined : live(id)?.payload;
      },
      // Device codes belong to a grant this server does not serve.
      findByUserCode: async () => undefined,
      async revokeByGrantId(grantId) {
        for (const [id, entry] of map) if (entry.payload.grantId === grantId) forget(id);
      },
    };
  };
}
