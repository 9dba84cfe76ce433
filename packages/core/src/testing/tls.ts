import { connect, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import selfsigned from 'selfsigned';

/** A certificate made afresh for `localhost` and `127.0.0.1` (an EC key: made in a blink), in PEM. */
export async function testCertificate(): Promise<{ cert: string; key: string }> {
  const made = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { cert: made.cert, key: made.private };
}

/** An answer read to its end. */
export interface TlsAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  /** The protocol ALPN chose: `h2` or `http/1.1`. */
  readonly protocol: string | false | undefined;
}

/** One HTTP/2 request on a session of its own, trusting `ca` (the test certificate), and its answer. */
export function http2Request(
  origin: string,
  ca: string,
  headers: OutgoingHttpHeaders,
  body?: string,
): Promise<TlsAnswer> {
  return new Promise((resolve, reject) => {
    const session = connect(origin, { ca });
    session.on('error', reject);
    const stream = session.request(headers, { endStream: body === undefined });
    let text = '';
    let answer: IncomingHttpHeaders = {};
    stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    stream.on('response', (received) => (answer = received));
    stream.on('error', reject);
    stream.on('end', () => {
      resolve({ status: Number(answer[':status']), headers: answer, text, protocol: session.alpnProtocol });
      // Not close(): a stream the server cut off with RST_STREAM NO_ERROR while it still had body to
      // send stays open in Node's client, and close() would wait for it.
      session.destroy();
    });
    if (body !== undefined) stream.end(body);
  });
}

/** What {@link https1Request} sends. */
export interface Https1Options {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Offer `http/1.1` in ALPN, as curl does (default true); false offers nothing, as old clients do. */
  readonly alpn?: boolean;
}

/** One HTTP/1.1 request over TLS (node:https speaks no HTTP/2), trusting `ca`, and its answer. */
export function https1Request(url: string, ca: string, options: Https1Options = {}): Promise<TlsAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, {
      ca,
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: false,
      ...(options.alpn === false ? {} : { ALPNProtocols: ['http/1.1'] }),
    });
    req.on('response', (res) => {
      let text = '';
      const protocol = (res.socket as { alpnProtocol?: string | false }).alpnProtocol;
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, protocol }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
