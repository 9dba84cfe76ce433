import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';

/** A lookup that answers every name with the one checked address: DNS is not asked again. */
export function pinnedLookup(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

/** Kept-alive connections to webhook receivers, shared by the attempts of one worker. */
export interface WebhookConnections {
  /** The agent that connects to `address` (the checked one) for `origin`, made on first use. */
  agentFor(origin: string, address: string): Agent;
  /** Closes every connection. */
  close(): Promise<void>;
}

/**
 * One agent per destination origin and checked address, so that consecutive attempts to a
 * receiver reuse its connection instead of opening one each (a new address after a DNS change
 * gets its own agent). At most `max` are kept; the least recently used is closed past that.
 */
export function webhookConnections({ max = 256, keepAliveMs = 10_000 } = {}): WebhookConnections {
  const agents = new Map<string, Agent>();
  return {
    agentFor(origin, address) {
      const key = `${origin} ${address}`;
      let agent = agents.get(key);
      if (agent) agents.delete(key);
      else
        agent = new Agent({
          connect: { lookup: pinnedLookup(address) },
          pipelining: 1,
          keepAliveTimeout: keepAliveMs,
          keepAliveMaxTimeout: keepAliveMs,
        });
      agents.set(key, agent); // newest last
      if (agents.size > max) {
        const [oldest, evicted] = agents.entries().next().value!;
        agents.delete(oldest);
        void evicted.close().catch(() => {});
      }
      return agent;
    },
    async close() {
      const all = [...agents.values()];
      agents.clear();
      await Promise.all(all.map((agent) => agent.destroy().catch(() => {})));
    },
  };
}
