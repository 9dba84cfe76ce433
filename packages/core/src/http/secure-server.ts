import type { Http2SecureServer, Http2ServerRequest, Http2ServerResponse, Http2Session, Http2Stream } from 'node:http2';
import { continueOnRead } from './expect-continue.js';
import { http1Limits } from './http1-limits.js';
import { limitHttp2Request } from './http2-request-limits.js';
import { nodeHttp2 } from './node-builtins.js';
import { streamedAnswersOn } from './node-stream.js';
import { trackConnections } from './open-connections.js';
import type { NodeListener, ServerSettings } from './server-settings.js';
import { checkTlsOptions, hstsHeader, type TlsOptions } from './tls-options.js';

/** Requests one HTTP/2 session may have open at once (node:http2 sets no bound; RFC 9113 advises at least 100). */
const streamsPerSession = 100;

/**
 * A node:http2 secure server under the limits of `chosen`: HTTP/2, and HTTP/1.1 for clients that
 * do not offer HTTP/2 in ALPN (unless `tls.allowHTTP1` is false). Both get Strict-Transport-Security.
 */
export function createSecureApiServer(
  chosen: Required<ServerSettings>,
  tls: TlsOptions,
  listener: NodeListener | undefined,
): Http2SecureServer {
  checkTlsOptions(tls);
  const hsts = hstsHeader(tls.hsts);
  const limits = http1Limits(chosen);
  const server = nodeHttp2().createSecureServer({
    cert: tls.cert as string | Buffer, // any bytes do; Node's types say Buffer
    key: tls.key as string | Buffer,
    ...(tls.passphrase === undefined ? {} : { passphrase: tls.passphrase }),
    allowHTTP1: tls.allowHTTP1 ?? true,
    // A client that connects and never finishes the handshake is cut off like one that never sends its headers.
    handshakeTimeout: chosen.headersTimeoutMs,
    settings: { maxConcurrentStreams: streamsPerSession },
    ...limits, // Node 24 takes the HTTP/1.1 limits as options
  });
  Object.assign(server, limits); // Node 22 sets fixed ones in the constructor and reads them from the server
  server.maxConnections = chosen.maxConnections;
  trackConnections(server);
  // An HTTP/2 session is a keep-alive connection: one silent for that long is asked to go away
  // (GOAWAY). close() lets open streams finish, so one still open a request timeout later (a client
  // that stopped reading, its flow-control window shut) is cut, as node:http cuts a stalled socket.
  // A streamed answer (a feed) may stay silent longer than that: a session whose open streams are
  // all streamed answers is not idle (a stalled reader of one is cut by the stream buffer instead).
  server.on('session', (session: Http2Session) => {
    let open = 0;
    let spared = false;
    const idle = () => {
      if (open > 0 && open === streamedAnswersOn(session)) {
        spared = true;
        return;
      }
      session.close();
      setTimeout(() => session.destroyed || session.destroy(), chosen.requestTimeoutMs).unref();
    };
    session.on('stream', (stream: Http2Stream) => {
      open++;
      stream.once('close', () => {
        // The idle timeout fires once: a session it spared is timed again from its last stream's end.
        if (--open === 0 && spared && !session.destroyed) {
          spared = false;
          session.setTimeout(chosen.keepAliveTimeoutMs, idle);
        }
      });
    });
    session.setTimeout(chosen.keepAliveTimeoutMs, idle);
  });
  server.on('request', (req: Http2ServerRequest, res: Http2ServerResponse) => {
    if (hsts) res.setHeader('strict-transport-security', hsts);
    if (req.httpVersionMajor === 2) limitHttp2Request(req, res, chosen.requestTimeoutMs);
  });
  if (listener) {
    server.on('request', listener as unknown as (req: Http2ServerRequest, res: Http2ServerResponse) => void);
    continueOnRead(server, listener);
  }
  return server;
}
