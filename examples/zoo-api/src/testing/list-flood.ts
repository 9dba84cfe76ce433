import { Agent, request } from 'node:http';

/** What {@link listFlood} was answered. */
export interface FloodTally {
  /** Answers by status. */
  readonly statuses: Map<number, number>;
  /** How long it took, in seconds. */
  readonly seconds: number;
}

/** How to flood: the numbers of the requests, how many at once, and the path of each number. */
export interface FloodPlan {
  /** The number of the first request; the others follow. */
  readonly from: number;
  readonly count: number;
  /** Requests in flight at once, each on its own kept-alive connection. */
  readonly concurrency: number;
  readonly pathOf: (n: number) => string;
}

/**
 * GETs `plan.count` paths over kept-alive HTTP/1.1 connections to `origin` with a bearer token,
 * reading every body. node:http rather than fetch: the client should cost the machine little.
 */
export async function listFlood(origin: string, token: string, plan: FloodPlan): Promise<FloodTally> {
  const { hostname, port } = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: plan.concurrency });
  const headers = { authorization: `Bearer ${token}` };
  const statuses = new Map<number, number>();
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const sent = request({ host: hostname, port, path, agent, headers }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      sent.on('error', reject);
      sent.end();
    });
  let next = plan.from;
  const end = plan.from + plan.count;
  const worker = async () => {
    while (next < end) {
      const status = await get(plan.pathOf(next++));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: plan.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return { statuses, seconds: (performance.now() - started) / 1000 };
}
