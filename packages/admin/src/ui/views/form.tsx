import { useEffect, useRef, useState } from 'preact/hooks';
import type { AdminCollection, AdminModel } from '../../model-types.js';
import { follow } from '../feed.js';
import { call, explain } from '../http.js';
import { adminHref, allowed, linksOf, navigate } from '../routes.js';
import { fieldsOf, label, shown } from '../schema.js';
import { fromInput, Input, toInput, type FormValue } from './inputs.js';

interface Props {
  model: AdminModel;
  view: { kind: 'create' | 'edit'; collection: AdminCollection; apiPath: string };
  scopes: readonly string[] | undefined;
}

type Row = Record<string, unknown>;

/** The other version of the record: after a 412, or seen on the feed while editing. */
interface Other {
  readonly record: Row | undefined;
  readonly etag: string | undefined;
  readonly why: 'conflict' | 'underneath';
}

export function FormView({ model, view, scopes }: Props) {
  const { collection } = view;
  const editing = view.kind === 'edit';
  const fields = fieldsOf(collection.inputSchema).filter((f) => f.name !== 'id');
  const [values, setValues] = useState<Record<string, FormValue>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, toInput(f, undefined)])),
  );
  const [loaded, setLoaded] = useState<{ record: Row; etag: string | undefined } | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | undefined>();
  const [other, setOther] = useState<Other | undefined>();
  const [saving, setSaving] = useState(false);

  // The Last-Event-ID of the read the form shows: its feed starts there, so no change is missed.
  const [since, setSince] = useState<string | null | undefined>();
  const take = (record: Row, etag: string | undefined) => {
    setLoaded({ record, etag });
    setValues(Object.fromEntries(fields.map((f) => [f.name, toInput(f, record[f.name])])));
    setOther(undefined);
  };
  useEffect(() => {
    if (!editing) return;
    void call(model, 'GET', view.apiPath).then((got) => {
      if (!got.ok) return setProblem(explain(got, collection.readScope));
      take(got.body, got.etag);
      setSince(got.headers.get('last-event-id'));
    });
  }, [view.apiPath]);
  // A change the feed brings while a save is on its way may be that save's own: it is held until
  // the answer tells (saved: it was ours; refused for another reason: it was someone else's).
  const inFlight = useRef<{ held: Other | undefined } | undefined>(undefined);
  const underneath = (seen: Other) => {
    if (inFlight.current) inFlight.current.held = seen;
    else setOther((before) => (before && seen.record ? before : seen));
  };
  // While editing, the record's feed says when someone else changed or deleted it.
  useEffect(() => {
    if (!editing || since === undefined) return;
    return follow(model, view.apiPath, since, (change) => {
      if (change.type === 'deleted') underneath({ record: undefined, etag: undefined, why: 'underneath' });
      else if (change.type === 'updated') underneath({ record: change.record, etag: change.etag, why: 'underneath' });
    });
  }, [view.apiPath, since === undefined]);

  const body = () =>
    Object.fromEntries(
      fields.map((f) => [f.name, fromInput(f, values[f.name] ?? '')]).filter(([, v]) => v !== undefined),
    );
  async function save(ifMatch: string | undefined) {
    setSaving(true);
    setErrors({});
    setProblem(undefined);
    const flight: { held: Other | undefined } = { held: undefined };
    inFlight.current = flight;
    const done = editing
      ? await call(model, 'PUT', view.apiPath, { body: body(), ifMatch })
      : await call(model, 'POST', view.apiPath, { body: body() });
    inFlight.current = undefined;
    setSaving(false);
    if (!done.ok && done.status !== 412 && flight.held) underneath(flight.held);
    if (done.ok) {
      const self =
        linksOf(done.body).find((link) => link.rel === 'self')?.href ?? done.headers.get('location') ?? view.apiPath;
      navigate(adminHref(model, self));
      return;
    }
    if (done.status === 412) {
      const now = await call(model, 'GET', view.apiPath);
      setOther({ record: now.ok ? now.body : undefined, etag: now.etag, why: 'conflict' });
      return;
    }
    const listed = Array.isArray(done.body.errors) ? (done.body.errors as { field?: string; message?: string }[]) : [];
    const atFields = Object.fromEntries(
      listed.filter((e) => e.field).map((e) => [String(e.field).split('.')[0], String(e.message)]),
    );
    setErrors(atFields);
    setProblem(explain(done, collection.writeScope));
    const first = Object.keys(atFields)[0];
    if (first) document.getElementById(`field-${first}`)?.focus();
  }
  const changedFields = other?.record
    ? fields.filter((f) => shown(other.record![f.name]) !== shown(loaded?.record[f.name]))
    : [];
  const title = editing
    ? `Edit ${label(collection.name).replace(/s$/, '').toLowerCase()} ${view.apiPath.split('/').pop()}`
    : `New ${label(collection.name).replace(/s$/, '').toLowerCase()}`;
  return (
    <section aria-labelledby="form-title">
      <p class="crumbs">
        <a href={adminHref(model, editing ? view.apiPath.slice(0, view.apiPath.lastIndexOf('/')) : view.apiPath)}>
          {collection.title}
        </a>
      </p>
      <h1 id="form-title">{title}</h1>
      {allowed(scopes, collection.writeScope) ? null : (
        <p class="hint">Your sign-in does not grant {collection.writeScope}: the API will refuse to save.</p>
      )}
      {other ? (
        <div class="conflict" role="alert">
          <p>
            {other.why === 'conflict'
              ? 'Not saved: someone else changed this record since you opened it.'
              : 'Someone else changed this record while you were editing it.'}
            {other.record ? '' : ' It has been deleted.'}
          </p>
          {other.record ? (
            <table>
              <caption>What changed</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">When you opened it</th>
                  <th scope="col">Now</th>
                  <th scope="col">Yours</th>
                </tr>
              </thead>
              <tbody>
                {changedFields.map((f) => (
                  <tr key={f.name}>
                    <th scope="row">{label(f.name)}</th>
                    <td>{shown(loaded?.record[f.name])}</td>
                    <td>{shown(other.record![f.name])}</td>
                    <td>{shown(fromInput(f, values[f.name] ?? ''))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {other.record ? (
            <>
              <button type="button" onClick={() => take(other.record!, other.etag)}>
                Reload, dropping my changes
              </button>
              <button type="button" class="danger" onClick={() => save(other.etag)}>
                Overwrite with mine
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {problem ? (
        <p role="alert" class="problem">
          {problem}
        </p>
      ) : null}
      {editing && !loaded && !problem ? <p role="status">Loading…</p> : null}
      <form
        noValidate
        aria-labelledby="form-title"
        onSubmit={(e) => {
          e.preventDefault();
          void save(loaded?.etag);
        }}
      >
        {/* No fields before the record is loaded: what a person typed there would be overwritten by it. */}
        {(editing && !loaded ? [] : fields).map((field) => (
          <Input
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            set={(value) => setValues({ ...values, [field.name]: value })}
          />
        ))}
        <button type="submit" class="primary" disabled={saving || (editing && !loaded)}>
          {editing ? 'Save' : 'Create'}
        </button>
      </form>
    </section>
  );
}
