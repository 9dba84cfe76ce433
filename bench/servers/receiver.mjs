// A webhook receiver for the webhook benchmark, in a process of its own (pinned beside the load
// generator, off the API's core): answers 200 at once and remembers when each (path, zoo name)
// first arrived, in ms since the epoch with sub-ms resolution. Over IPC: `count` gives how many
// requests came; `{ arrivals: [[path, name]...] }` gives their first arrival times.
import { createServer } from 'node:http';

const now = () => performance.timeOrigin + performance.now();
const arrivals = new Map();
let count = 0;
const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const at = now();
    count++;
    const name = JSON.parse(Buffer.concat(chunks).toString()).data.record?.name;
    const key = `${request.url} ${name}`;
    if (!arrivals.has(key)) arrivals.set(key, at);
    response.end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('message', (message) => {
  if (message === 'count') process.send?.({ count });
  else if (message?.arrivals)
    process.send?.({ arrivals: message.arrivals.map(([path, name]) => arrivals.get(`${path} ${name}`) ?? null) });
});
process.on('disconnect', () => process.exit(0));
