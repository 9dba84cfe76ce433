// Before the write benchmark measures anything: every server answers the same writes the same way
// (statuses, Location, ETags, the record), refuses the same bad ones, and shows a record lent to
// the PATCH runs at the version their If-Match names. Otherwise the comparison means nothing.
import { isDeepStrictEqual } from 'node:util';

const post = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const patch = (body, version) => ({
  method: 'PATCH',
  headers: { 'content-type': 'application/merge-patch+json', ...(version ? { 'if-match': `"v${version}"` } : {}) },
  body: JSON.stringify(body),
});

/** What one server answers to a fixed series of writes, with the ids taken out. */
async function answers(origin, freshId) {
  const seen = [];
  const send = async (path, init = {}) => {
    const response = await fetch(`${origin}/v1/items${path}`, init);
    const text = await response.text();
    const body = response.status < 300 && text ? JSON.parse(text) : undefined;
    // A missing record may be told apart from a deleted one (410) or not (404): both mean gone.
    const status = response.status === 410 ? 404 : response.status;
    // Ids differ from server to server, and so do the names of the records lent to the runs.
    const shown = init.method && body && { ...body, id: '*', links: '*' };
    seen.push({ status, etag: response.headers.get('etag'), body: shown });
    return { response, body };
  };
  const item = { name: 'checked', state: 'external', yearOfBirth: 1970 };
  const created = await send('', post(item));
  const id = created.body.id;
  if (created.response.headers.get('location') !== `/v1/items/${id}`) throw new Error(`${origin}: Location`);
  await send(`/${id}`, patch({ name: 'patched' }, 1));
  await send(`/${id}`, patch({ name: 'stale' }, 1));
  await send(`/${id}`, patch({ state: 'nowhere' }));
  await send(`/${id}`, patch({ name: null }));
  await send(`/${id}`, patch({ colour: 'red' }));
  await send('', post({ name: 'half' }));
  await send('', post({ ...item, id: '5' }));
  await send(`/${id}`, { method: 'DELETE' });
  await send(`/${id}`, { method: 'DELETE' });
  await send(`/${id}`, patch({ name: 'late' }));
  await send(`/${freshId}`);
  return seen;
}

/** Throws unless every server answers as the first does; `freshIds` are records at version 1, one per server. */
export async function sameWrites(servers, freshIds) {
  const all = await Promise.all(servers.map((server, i) => answers(server.origin, freshIds[i])));
  for (const seen of all)
    if (!isDeepStrictEqual(seen, all[0]))
      throw new Error(`servers answer writes differently: ${JSON.stringify([all[0], seen]).slice(0, 3000)}`);
  const fresh = all[0].at(-1);
  if (fresh.status !== 200 || fresh.etag !== '"v1"') throw new Error(`a fresh record answers ${JSON.stringify(fresh)}`);
}
