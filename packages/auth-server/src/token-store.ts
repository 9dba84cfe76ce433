import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/** Settings of {@link tokenStore}; tests shrink the bound and move the clock. */
export interface TokenStoreOptions {
  /** Most entries kept; past it the oldest go first (default 10 000). */
  readonly maxEntries?: number;
  /** Current time in milliseconds (default `Date.now`). */
  readonly now?: () => number;
}

interface Entry {
  readonly payload: AdapterPayload;
  readonly expiresAt: number;
}

/**
 * What oidc-provider keeps for the embedded server. With only the client-credentials grant served,
 * that is opaque access tokens (JWTs are not stored), from issue until they expire or are revoked,
 * so a store in this process fits: tokens do not outlive it, as the default signing key does not.
 * One store per server, shared by the providers a key rotation makes, so no opaque token is lost
 * then; bounded, so a stream of token requests cannot grow it without limit.
 */
export function tokenStore(options: TokenStoreOptions = {}): AdapterFactory {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) entries.delete(key);
    else return entry;
    return undefined;
  };
  // Entries are kept in the order they were written; every token of a server has the same
  // lifetime, so the oldest expire first: dropping from the front until one is live is enough.
  const prune = () => {
    for (const [key, entry] of entries) {
      if (entry.expiresAt > now() && entries.size <= maxEntries) break;
      entries.delete(key);
    }
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        entries.delete(key); // written again: it moves to the back
        const expiresAt = typeof expiresIn === 'number' ? now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
        entries.set(key, { payload, expiresAt });
        prune();
      },
      find: async (id) => live(keyOf(id))?.payload,
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async consume(id) {
        const entry = live(keyOf(id));
        if (entry) entry.payload.consumed = Math.floor(now() / 1000);
      },
      // Sessions and device codes belong to endpoints this server does not serve.
      findByUid: async () => undefined,
      findByUserCode: async () => undefined,
      async revokeByGrantId(grantId) {
        for (const [key, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(key);
      },
    };
  };
}
