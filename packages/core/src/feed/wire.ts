/**
 * The text of a feed (Server-Sent Events): each event is `id:`, `event:` and one `data:` line of
 * JSON, ended by a blank line; a line starting with `:` is a comment, which clients ignore.
 */

/** One event. `json` is one line (JSON.stringify never writes a line break). */
export function eventText(position: string, event: string, json: string): string {
  return `id: ${position}\nevent: ${event}\ndata: ${json}\n\n`;
}

/** Tells the client to read again: its position cannot be resumed from. */
export function resetText(position: string, reason: string): string {
  return eventText(position, 'reset', `{"type":"reset","reason":${JSON.stringify(reason)}}`);
}

/** The token the stream was opened with has expired: reconnect with a new one and the last id. */
export const expiredText = 'event: expired\ndata: {"type":"expired"}\n\n';

/** A comment that keeps proxies from closing an idle connection. */
export const heartbeatText = ': heartbeat\n\n';

/** How long a client should wait before reconnecting, in milliseconds. */
export function retryText(ms: number): string {
  return `retry: ${Math.round(ms)}\n\n`;
}
