import type { Server, ServerResponse } from 'node:http';

interface StopState {
  stopping: boolean;
  readonly inFlight: Set<ServerResponse>;
}

const states = new WeakMap<Server, StopState>();

/**
 * Remembers the answers a server has not finished, so that a stop can tell their clients to close
 * the connection. `createApiServer` installs it; the cost is one Set entry per request.
 */
export function trackResponses(server: Server): void {
  const state: StopState = { stopping: false, inFlight: new Set() };
  states.set(server, state);
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (state.stopping) {
      res.shouldKeepAlive = false;
      return;
    }
    state.inFlight.add(res);
    res.once('close', () => state.inFlight.delete(res));
  });
}

/**
 * Stops a server gently: no new connections; answers still to come carry `Connection: close` so
 * that keep-alive clients open a new connection elsewhere instead of meeting a reset; idle
 * connections close at once and busy ones as soon as their answer is sent. Whatever is still
 * open after `graceMs` (a client that never finishes its body, say) is cut off, so a stop never
 * takes longer than that. Resolves when the server is closed.
 */
export function stopGracefully(server: Server, graceMs = 5_000): Promise<void> {
  const state = states.get(server);
  if (state) {
    state.stopping = true;
    for (const res of state.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  deadline.unref();
  return closed.finally(() => clearTimeout(deadline));
}
