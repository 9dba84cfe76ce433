// A small feed reader for the benchmarks: one node:http request per subscriber (no pooling, so
// thousands can be open at once), events parsed as they arrive.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/**
 * Opens `url` as a feed. `onEvent({ id, event, data, receivedAt })` gets each event (data parsed);
 * resolves with `{ status, close }` once the answer's head came (any status: the caller checks it).
 */
export function openFeed(url, token, onEvent, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, ...headers } },
      (response) => {
        response.setEncoding('utf8');
        let buffered = '';
        response.on('data', (chunk) => {
          const receivedAt = performance.now();
          buffered += chunk;
          for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const event = parseBlock(block);
            if (event) onEvent({ ...event, receivedAt });
          }
        });
        response.on('error', () => {});
        resolve({ status: response.statusCode, close: () => request.destroy() });
      },
    );
    request.on('error', reject);
  });
}

function parseBlock(block) {
  let id;
  let event = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { id, event, data: JSON.parse(data.join('\n')) } : undefined;
}
