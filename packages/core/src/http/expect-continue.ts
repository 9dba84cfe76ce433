import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeListener, NodeServer } from './server-settings.js';

/**
 * Requests whose client holds its body back until it hears `100 Continue` (`Expect:
 * 100-continue`), with the response to send it on. Left to itself node:http sends 100 before the
 * handler runs, so a client about to be refused (413, 401, 404) uploads its body for nothing.
 */
const owed = new WeakMap<IncomingMessage, ServerResponse>();

/**
 * Makes `server` send 100 Continue only when the body is about to be read (see {@link sendContinue});
 * an answer given without reading it closes the connection (see {@link bodyHeldBack}), as the
 * client may or may not send the body after it.
 */
export function continueOnRead(server: NodeServer, listener: NodeListener): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    owed.set(req, res);
    listener(req, res);
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
