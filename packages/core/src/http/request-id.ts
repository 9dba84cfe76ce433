/** Ids a client may choose for itself: short, printable, safe to echo in a header and a log line. */
const saneId = /^[A-Za-z0-9._:-]{1,128}$/;

/** The client's X-Request-Id when it is sane, else a new random one. */
export function requestIdFor(clientValue: string | undefined): string {
  return clientValue !== undefined && saneId.test(clientValue) ? clientValue : crypto.randomUUID(); // Web Crypto: on every runtime, not Node alone
}
