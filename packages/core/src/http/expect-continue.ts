import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeListener, NodeServer } from './server-settings.js';

/**
 * Requests whose client holds its body back until it hears `100 Continue` (`Expect:
 * 100-continue`), with the response to send it on. Left to itself node:http sends 100 before the
 * handler runs, so a client about to be refused (413, 401, 404) uploads its body for nothing.
 */
const owed = new WeakMap<IncomingMessage, ServerResponse>();

/** Listeners that read a request's body only through {@link sendContinue}'s callers (the API's own). */
const readersOnDemand = new WeakSet<NodeListener>();

/** Marks `listener` as one that says 100 Continue itself when it reads a body (see {@link continueOnRead}). */
export function continuesOnRead<L extends NodeListener>(listener: L): L {
  readersOnDemand.add(listener);
  return listener;
}

/**
 * Where `listener` is the API's own, makes `server` send 100 Continue only when the body is about
 * to be read (see {@link sendContinue}); the request then goes to every `request` listener as any
 * other (HSTS, HTTP/2 limits and graceful stop listen there too). Any other listener keeps Node's
 * default, 100 at once: it may read the body without asking.
 */
export function continueOnRead(server: NodeServer, listener: NodeListener): void {
  if (!readersOnDemand.has(listener)) return;
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    owed.set(req, res);
    server.emit('request', req, res);
  });
}

/** Sends the 100 Continue the request's client waits for, once, as its body is about to be read. */
export function sendContinue(req: IncomingMessage): void {
  const res = owed.get(req);
  if (!res) return;
  owed.delete(req);
  if (!res.headersSent) res.writeContinue();
}

/** Whether the request's client still holds its body back (an answer to it then closes the connection). */
export function bodyHeldBack(req: IncomingMessage): boolean {
  return owed.has(req);
}
