/** One event of a server-sent event stream, once its blank line arrived. */
export interface SseEvent {
  /** The `event:` field; `message` when the event named none. */
  readonly event: string;
  /** The `data:` lines joined with `\n`. */
  readonly data: string;
  /** The stream's last `id:` when the event was dispatched (ids carry over to later events); '' for none. */
  readonly lastEventId: string;
}

/** What a chunk of the stream held, in order: events, reconnection hints, and comments (heartbeats). */
export type SseItem =
  | { readonly kind: 'event'; readonly value: SseEvent }
  | { readonly kind: 'retry'; readonly ms: number }
  | { readonly kind: 'comment'; readonly text: string };

/**
 * Reads `text/event-stream` as the HTML standard's parser does: lines end with CRLF, LF or CR (a CR
 * at the end of one chunk and the LF starting the next are one line end), a line starting with `:`
 * is a comment, `field: value` drops one space after the colon, `data` lines accumulate, an `id`
 * containing NUL is ignored, `retry` counts only when it is all digits, and a blank line dispatches
 * the event (none when it had no data). An event the stream ends before its blank line is dropped.
 */
export class SseParser {
  #pending = '';
  #afterCr = false;
  #event = '';
  #data: string[] = [];
  #id = '';
  #committed = '';

  /**
   * The stream's last event id as of the last blank line (an `id:` whose event has not ended yet
   * does not count): what a reconnection sends as `Last-Event-ID`.
   */
  get lastEventId(): string {
    return this.#committed;
  }

  /** Takes the next decoded chunk; gives what became complete. */
  push(chunk: string): SseItem[] {
    const items: SseItem[] = [];
    let text = chunk;
    if (this.#afterCr && text.startsWith('\n')) text = text.slice(1); // the LF of a CRLF split across chunks
    this.#afterCr = false;
    let start = 0;
    for (let index = 0; index < text.length; index++) {
      const char = text[index];
      if (char !== '\n' && char !== '\r') continue;
      this.#line(this.#pending + text.slice(start, index), items);
      this.#pending = '';
      if (char === '\r') {
        if (index + 1 === text.length) this.#afterCr = true;
        else if (text[index + 1] === '\n') index++;
      }
      start = index + 1;
    }
    this.#pending += text.slice(start);
    return items;
  }

  #line(line: string, items: SseItem[]): void {
    if (line === '') {
      this.#dispatch(items);
      return;
    }
    if (line.startsWith(':')) {
      items.push({ kind: 'comment', text: line.slice(1) });
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.#id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) items.push({ kind: 'retry', ms: Number(value) });
  }

  #dispatch(items: SseItem[]): void {
    const event = this.#event;
    const data = this.#data;
    this.#event = '';
    this.#data = [];
    this.#committed = this.#id;
    if (data.length === 0) return;
    items.push({ kind: 'event', value: { event: event || 'message', data: data.join('\n'), lastEventId: this.#id } });
  }
}
