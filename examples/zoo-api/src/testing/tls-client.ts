import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

/** A certificate for `localhost` and `127.0.0.1` made at test time, as the PEM text and as files for TLS_CERT/TLS_KEY. */
export interface TestCertificate {
  readonly cert: string;
  readonly certFile: string;
  readonly keyFile: string;
}

export async function testCertificateFiles(): Promise<TestCertificate> {
  const made = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec', // an EC key is made in a blink; RSA takes a noticeable while
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
  const folder = mkdtempSync(join(tmpdir(), 'zoo-tls-'));
  const certFile = join(folder, 'cert.pem');
  const keyFile = join(folder, 'key.pem');
  writeFileSync(certFile, made.cert);
  writeFileSync(keyFile, made.private, { mode: 0o600 });
  return { cert: made.cert, certFile, keyFile };
}

/** An answer read to its end, with the protocol ALPN chose. */
export interface TlsAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly json: any;
  readonly protocol: string | false | undefined;
}

const parsed = (text: string) => (text === '' ? undefined : JSON.parse(text));

/** One request over HTTP/2 (node:http2), trusting the test certificate. */
export function http2Call(origin: string, ca: string, headers: OutgoingHttpHeaders, body?: string): Promise<TlsAnswer> {
  return new Promise((resolve, reject) => {
    const session = connect(origin, { ca });
    session.on('error', reject);
    const stream = session.request(headers, { endStream: body === undefined });
    let text = '';
    let answer: IncomingHttpHeaders = {};
    stream.on('response', (received) => (answer = received));
    stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    stream.on('error', reject);
    stream.on('end', () => {
      resolve({
        status: Number(answer[':status']),
        headers: answer,
        json: parsed(text),
        protocol: session.alpnProtocol,
      });
      session.destroy(); // the answer is read; a stream the server cut off would keep close() waiting
    });
    if (body !== undefined) stream.end(body);
  });
}

/** One request over HTTP/1.1 with TLS (node:https), trusting the test certificate. */
export function https1Call(url: string, ca: string, headers: Record<string, string> = {}): Promise<TlsAnswer> {
  return new Promise((resolve, reject) => {
    // Offers http/1.1 in ALPN as curl does (a TLS option, which Node's types leave out of https's request options).
    const tls = { ALPNProtocols: ['http/1.1'] };
    const req = httpsRequest(url, { ca, headers, agent: false, ...tls });
    req.on('response', (res) => {
      let text = '';
      const protocol = (res.socket as { alpnProtocol?: string | false }).alpnProtocol;
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: parsed(text), protocol }));
    });
    req.on('error', reject);
    req.end();
  });
}
