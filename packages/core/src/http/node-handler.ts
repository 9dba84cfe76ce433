import { type ErrorDocsUrl, renderError } from '@corral/errors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { refusalBeforeRouting } from './early-refusals.js';
import { type CorralRequest, type CorralResponse, jsonResponse } from './exchange.js';
import { continuesOnRead, sendContinue } from './expect-continue.js';
import { fromNodeRequest, targetOf, writeNodeResponse } from './node-adapter.js';
import { requestIdFor } from './request-id.js';
import type { NodeListener } from './server-settings.js';

/** Other node:http handlers served beside the API, by path prefix (such as an authorization server at `/oauth`). */
export type NodeMounts = Readonly<Record<string, (req: IncomingMessage, res: ServerResponse) => void>>;

/** The client's X-Request-Id (the first, if repeated) when sane, else a new one. */
const requestIdOf = (req: IncomingMessage) => {
  const id = req.headers['x-request-id'];
  return requestIdFor(Array.isArray(id) ? id[0] : id);
};

/**
 * The API as a node:http request listener: requests node:http leaves to it are refused first,
 * then a mount whose prefix the path starts with gets the request unchanged, then the pipeline.
 */
export function createNodeHandler(
  handle: (request: CorralRequest) => Promise<CorralResponse>,
  mountsByPrefix: NodeMounts,
  docsUrl: ErrorDocsUrl,
): NodeListener {
  const mounts = Object.entries(mountsByPrefix).map(([prefix, handler]) => ({
    prefix: prefix.replace(/\/+$/, ''),
    handler,
  }));
  const mountFor = (url: string) =>
    mounts.find(({ prefix }) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));
  // One async frame per request: the pipeline renders every error itself, so a throw here is a
  // failure to write (e.g. the client is gone) and the socket is simply dropped.
  const serveNode = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      writeNodeResponse(req, res, await handle(fromNodeRequest(req, res)));
    } catch {
      res.destroy();
    }
  };
  return continuesOnRead((req, res) => {
    const refusal = refusalBeforeRouting(req);
    if (refusal) {
      const rendered = renderError(refusal, docsUrl);
      const headers = { ...rendered.headers, 'x-request-id': requestIdOf(req), connection: 'close' };
      writeNodeResponse(req, res, jsonResponse(rendered.status, rendered.body, headers));
      return;
    }
    const mount = mounts.length > 0 ? mountFor(targetOf(req)) : undefined;
    if (mount) {
      res.setHeader('x-request-id', requestIdOf(req));
      sendContinue(req); // a mounted handler reads the body as it likes: its client is told to send it
      mount.handler(req, res);
      return;
    }
    void serveNode(req, res);
  });
}
