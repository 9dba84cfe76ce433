import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { AdminCollection, AdminModel } from '../../model-types.js';
import { follow } from '../feed.js';
import { call, explain, type Answer } from '../http.js';
import { adminHref, allowed, linksOf, navigate, versionOf } from '../routes.js';
import { fieldsOf, label, shown } from '../schema.js';
import { Confirm } from './confirm.js';

interface Props {
  model: AdminModel;
  view: { collection: AdminCollection; apiPath: string; id: string };
  search: string;
  scopes: readonly string[] | undefined;
}

type Row = Record<string, unknown>;

/** The related records shown inline: to-one as its fields, to-many as a short list with a link to the rest. */
function Related({
  model,
  name,
  value,
  kind,
}: {
  model: AdminModel;
  name: string;
  value: unknown;
  kind: 'one' | 'many';
}) {
  if (value === null || value === undefined) return <p>None you may read.</p>;
  const row = value as Row;
  if (kind === 'one') {
    const self = linksOf(row).find((link) => link.rel === 'self')?.href;
    return (
      <p>
        {self ? <a href={adminHref(model, self)}>{shown(row.name ?? row.title ?? row.id)}</a> : shown(row.id)}{' '}
        <span class="hint">
          {Object.entries(row)
            .filter(([k]) => k !== 'links' && k !== 'id')
            .map(([k, v]) => `${label(k)}: ${shown(v)}`)
            .join(' · ')}
        </span>
      </p>
    );
  }
  const items = (Object.values(row).find(Array.isArray) as Row[] | undefined) ?? [];
  const rest = linksOf(row).find((link) => link.rel === 'nextPage')?.href;
  return (
    <ul aria-label={label(name)}>
      {items.map((item) => {
        const self = linksOf(item).find((link) => link.rel === 'self')?.href;
        return (
          <li key={String(item.id)}>
            {self ? <a href={adminHref(model, self)}>{shown(item.id)}</a> : shown(item.id)}{' '}
            <span class="hint">
              {Object.entries(item)
                .filter(([k]) => k !== 'links' && k !== 'id')
                .slice(0, 4)
                .map(([k, v]) => `${label(k)}: ${shown(v)}`)
                .join(' · ')}
            </span>
          </li>
        );
      })}
      {rest ? (
        <li>
          <a href={adminHref(model, rest.replace(/[?&](offset|limit|after|paging)=[^&]*/g, '').replace(/&/, '?'))}>
            All of them
          </a>
        </li>
      ) : null}
    </ul>
  );
}

export function RecordView({ model, view, scopes }: Props) {
  const { collection } = view;
  const [answer, setAnswer] = useState<Answer | undefined>();
  const [gone, setGone] = useState(false);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [fresh, setFresh] = useState(0);
  const version = versionOf(model, view.apiPath);
  const readable = collection.relations.filter((relation) => {
    const target = version?.collections.find((c) => c.name === relation.target);
    return target && allowed(scopes, target.readScope);
  });
  const expand = readable.map((relation) => relation.name).join(',');
  const url = `${view.apiPath}${expand ? `?expand=${expand}` : ''}`;
  const [related, setRelated] = useState<Row | undefined>();
  // The record on its own (its ETag is the one If-Match needs), and beside it the related records.
  useEffect(() => {
    void call(model, 'GET', view.apiPath).then((got) => {
      setAnswer(got);
      if (got.status === 410) setGone(true);
    });
    if (expand) void call(model, 'GET', url).then((got) => setRelated(got.ok ? got.body : undefined));
  }, [url, fresh]);
  const read = answer !== undefined;
  useEffect(() => {
    if (!read) return;
    return follow(model, view.apiPath, answer?.headers.get('last-event-id'), (change) => {
      if (change.type === 'deleted') setGone(true);
      else if (change.type === 'updated' || change.type === 'reset') setFresh((n) => n + 1);
    });
  }, [view.apiPath, read]);
  const remove = async () => {
    setAsking(false);
    const done = await call(model, 'DELETE', view.apiPath, { ifMatch: answer?.etag });
    if (done.ok || done.status === 410) setGone(true);
    else setProblem(explain(done, collection.writeScope));
  };
  const record = answer?.ok ? answer.body : undefined;
  const canWrite = allowed(scopes, collection.writeScope);
  const listPath = view.apiPath.slice(0, view.apiPath.lastIndexOf('/'));
  return (
    <section aria-labelledby="record-title">
      <p class="crumbs">
        <a href={adminHref(model, listPath)}>{collection.title}</a>
      </p>
      <h1 id="record-title">
        {label(collection.name).replace(/s$/, '')} {view.id}
      </h1>
      {gone ? (
        <p role="alert" class="gone">
          This record has been deleted.
        </p>
      ) : null}
      {problem ? (
        <p role="alert" class="problem">
          {problem}
        </p>
      ) : null}
      {answer && !answer.ok && answer.status !== 410 ? (
        <p role="alert" class="problem">
          {explain(answer, collection.readScope)}
        </p>
      ) : null}
      {record && !gone ? (
        <>
          <div class="toolbar">
            {canWrite ? (
              <>
                <a class="button primary" href={adminHref(model, view.apiPath, '/_edit')}>
                  Edit
                </a>
                <button type="button" class="danger" onClick={() => setAsking(true)}>
                  Delete
                </button>
              </>
            ) : null}
          </div>
          {asking ? (
            <Confirm text="Delete this record for good?" yes="Delete" onYes={remove} onNo={() => setAsking(false)} />
          ) : null}
          <dl class="fields">
            <dt>Id</dt>
            <dd>{shown(record.id)}</dd>
            {fieldsOf(collection.schema)
              .filter((f) => f.name !== 'id')
              .map((field) => (
                <Fragment key={field.name}>
                  <dt>{label(field.name)}</dt>
                  <dd>{shown(record[field.name])}</dd>
                </Fragment>
              ))}
          </dl>
          <h2>Links</h2>
          <ul class="links">
            {linksOf(record)
              .filter((link) => link.rel !== 'self')
              .map((link) => (
                <li key={link.rel}>
                  <a href={adminHref(model, link.href)}>{label(link.rel)}</a>
                </li>
              ))}
          </ul>
          {readable.map((relation) => (
            <section key={relation.name} aria-label={label(relation.name)}>
              <h2>{label(relation.name)}</h2>
              <Related model={model} name={relation.name} value={related?.[relation.name]} kind={relation.kind} />
            </section>
          ))}
        </>
      ) : !answer ? (
        <p role="status">Loading…</p>
      ) : null}
      {gone ? (
        <p>
          <button type="button" onClick={() => navigate(adminHref(model, listPath))}>
            Back to {collection.title}
          </button>
        </p>
      ) : null}
    </section>
  );
}
