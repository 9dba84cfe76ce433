import { useEffect, useState } from 'preact/hooks';
import type { AdminCollection, AdminModel } from '../../model-types.js';
import { follow } from '../feed.js';
import { call, explain, type Answer } from '../http.js';
import { adminHref, allowed, linksOf, navigate } from '../routes.js';
import { fieldsOf, label, shown } from '../schema.js';
import { Filters } from './filters.js';
import { Columns } from './columns.js';
import { Confirm } from './confirm.js';

/** A list is large past this many records: it is then paged by cursor where the store can. */
const largeList = 1000;
/** Parameters of the admin only, never sent to the API. */
const ownParams = ['columns'];

interface Props {
  model: AdminModel;
  view: { collection: AdminCollection; apiPath: string };
  search: string;
  scopes: readonly string[] | undefined;
}

type Row = Record<string, unknown>;

export function ListView({ model, view, search, scopes }: Props) {
  const { collection } = view;
  const query = new URLSearchParams(search);
  const [answer, setAnswer] = useState<Answer | undefined>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState<string | undefined>();
  const [fresh, setFresh] = useState(0);
  const fields = fieldsOf(collection.schema);
  const columns = query.get('columns')?.split(',').filter(Boolean) ?? fields.map((f) => f.name);
  const apiQuery = new URLSearchParams(query);
  for (const name of ownParams) apiQuery.delete(name);
  apiQuery.set('fields', ['id', ...columns.filter((c) => c !== 'id')].join(','));
  const apiUrl = `${view.apiPath}?${apiQuery}`;
  const feedQuery = new URLSearchParams(apiQuery);
  for (const name of ['offset', 'limit', 'page', 'per_page', 'after', 'before', 'paging']) feedQuery.delete(name);
  const feedUrl = `${view.apiPath}${feedQuery.size ? `?${feedQuery}` : ''}`;
  const canWrite = allowed(scopes, collection.writeScope);

  useEffect(() => {
    let live = true;
    void call(model, 'GET', apiUrl).then((got) => {
      if (!live) return;
      const total = Number(got.body.total);
      if (
        got.ok &&
        collection.cursor &&
        total > largeList &&
        !query.has('paging') &&
        !query.has('offset') &&
        !query.has('page')
      ) {
        query.set('paging', 'cursor');
        navigate(`${location.pathname}?${query}`, true);
        return;
      }
      setAnswer(got);
    });
    return () => {
      live = false;
    };
  }, [apiUrl, fresh]);

  // Live: the list's feed; any change to a record in it reads the page again, as its order may move.
  const since = answer?.headers.get('last-event-id');
  const read = answer !== undefined;
  useEffect(() => {
    if (!read) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = follow(model, feedUrl, since, () => {
      clearTimeout(timer);
      timer = setTimeout(() => setFresh((n) => n + 1), 150);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [feedUrl, read]);

  const change = (name: string, value: string) => {
    const next = new URLSearchParams(query);
    if (value === '') next.delete(name);
    else next.set(name, value);
    for (const paging of ['offset', 'page', 'after', 'before']) next.delete(paging);
    navigate(`${location.pathname}?${next}`);
  };
  const sortBy = (field: string) => {
    const next = new URLSearchParams(query);
    const order = query.get('sortby') === field && query.get('order') !== 'desc' ? 'desc' : 'asc';
    next.set('sortby', field);
    next.set('order', order);
    for (const paging of ['offset', 'page', 'after', 'before']) next.delete(paging);
    navigate(`${location.pathname}?${next}`);
  };
  const rows = (answer?.ok ? (answer.body[collection.name] as Row[] | undefined) : undefined) ?? [];
  const links = answer ? linksOf(answer.body) : [];
  const pageLink = (rel: string) => links.find((link) => link.rel === rel)?.href;
  const offset = Number(answer?.body.offset ?? 0);
  const total = answer?.body.total;
  const deleteSelected = async () => {
    setAsking(false);
    const failed: string[] = [];
    for (const id of selected) {
      const done = await call(model, 'DELETE', `${view.apiPath}/${encodeURIComponent(id)}`);
      if (!done.ok && done.status !== 410) failed.push(`${id}: ${explain(done, collection.writeScope)}`);
    }
    setSelected(new Set());
    setNote(failed.length ? `Not deleted: ${failed.join('; ')}` : `Deleted ${selected.size} record(s).`);
    setFresh((n) => n + 1);
  };
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const sortedBy = query.get('sortby');
  return (
    <section aria-labelledby="list-title">
      <h1 id="list-title">{collection.title}</h1>
      <div class="toolbar">
        {canWrite ? (
          <a class="button primary" href={adminHref(model, view.apiPath, '/_new')}>
            New {label(collection.name).toLowerCase().replace(/s$/, '')}
          </a>
        ) : null}
        {canWrite && selected.size > 0 ? (
          <button type="button" class="danger" onClick={() => setAsking(true)}>
            Delete selected ({selected.size})
          </button>
        ) : null}
        <Columns
          fields={fields.map((f) => f.name)}
          chosen={columns}
          choose={(names) => change('columns', names.join(','))}
        />
      </div>
      {asking ? (
        <Confirm
          text={`Delete ${selected.size} record(s) for good?`}
          yes="Delete"
          onYes={deleteSelected}
          onNo={() => setAsking(false)}
        />
      ) : null}
      {note ? <p role="status">{note}</p> : null}
      <Filters collection={collection} query={query} change={change} />
      {answer && !answer.ok ? (
        <p role="alert" class="problem">
          {explain(answer, collection.readScope)}
        </p>
      ) : null}
      {answer?.ok ? (
        <>
          <table>
            <caption class="sr-only">{collection.title}</caption>
            <thead>
              <tr>
                {canWrite ? (
                  <th scope="col">
                    <span class="sr-only">Select</span>
                  </th>
                ) : null}
                <th scope="col">Id</th>
                {columns
                  .filter((c) => c !== 'id')
                  .map((column) => {
                    const sortable = collection.sortable.includes(column);
                    const direction =
                      sortedBy === column ? (query.get('order') === 'desc' ? 'descending' : 'ascending') : undefined;
                    return (
                      <th scope="col" key={column} aria-sort={direction}>
                        {sortable ? (
                          <button type="button" class="sort" onClick={() => sortBy(column)}>
                            {label(column)}
                            <span aria-hidden="true">
                              {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ' ⇅'}
                            </span>
                          </button>
                        ) : (
                          label(column)
                        )}
                      </th>
                    );
                  })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const id = String(row.id);
                const self = linksOf(row).find((link) => link.rel === 'self')?.href ?? `${view.apiPath}/${id}`;
                return (
                  <tr key={id}>
                    {canWrite ? (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Select ${id}`}
                          checked={selected.has(id)}
                          onChange={() => toggle(id)}
                        />
                      </td>
                    ) : null}
                    <td>
                      <a href={adminHref(model, self)}>{id}</a>
                    </td>
                    {columns
                      .filter((c) => c !== 'id')
                      .map((column) => (
                        <td key={column}>{shown(row[column])}</td>
                      ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {rows.length === 0 ? <p>No records match.</p> : null}
          <nav class="pager" aria-label="Pages">
            {pageLink('previousPage') ? (
              <a href={adminHref(model, keepColumns(pageLink('previousPage')!, query))}>Previous page</a>
            ) : null}
            <span role="status">
              {rows.length > 0 && typeof total === 'number' && answer.body.offset !== undefined
                ? `${offset + 1}–${offset + rows.length} of ${total}`
                : typeof total === 'number'
                  ? `${total} records`
                  : ''}
            </span>
            {pageLink('nextPage') ? (
              <a href={adminHref(model, keepColumns(pageLink('nextPage')!, query))}>Next page</a>
            ) : null}
          </nav>
        </>
      ) : answer ? null : (
        <p role="status">Loading…</p>
      )}
    </section>
  );
}

/** A page link of the API with the admin's own parameters kept and `fields` left to the admin. */
function keepColumns(href: string, query: URLSearchParams): string {
  const url = new URL(href, location.origin);
  url.searchParams.delete('fields');
  for (const name of ownParams) if (query.has(name)) url.searchParams.set(name, query.get(name)!);
  return url.pathname + url.search;
}
