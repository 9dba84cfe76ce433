import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { AdminModel } from '../model-types.js';
import { currentSession, finishSignIn, signIn, signOut } from './auth.js';
import { whenSignedOut } from './http.js';
import { navigate, viewOf } from './routes.js';
import { FormView } from './views/form.js';
import { Home } from './views/home.js';
import { ListView } from './views/list.js';
import { RecordView } from './views/record.js';

/** The admin path the address is at, and its query. */
const here = (model: AdminModel) => ({
  path: location.pathname.slice(model.adminPath.length),
  search: location.search,
});

/** Links inside the admin change the view without reloading the page. */
function followLinks(model: AdminModel) {
  const click = (event: MouseEvent) => {
    const anchor = (event.target as Element).closest?.('a');
    if (!anchor || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(model.adminPath)) return;
    event.preventDefault();
    navigate(url.pathname + url.search);
  };
  document.addEventListener('click', click);
  return () => document.removeEventListener('click', click);
}

export function App({ model }: { model: AdminModel }) {
  const [where, setWhere] = useState(here(model));
  const [session, setSession] = useState(currentSession());
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    const moved = () => setWhere(here(model));
    addEventListener('popstate', moved);
    whenSignedOut(() => setSession(undefined));
    const unfollow = followLinks(model);
    return () => {
      removeEventListener('popstate', moved);
      unfollow();
    };
  }, [model]);
  const view = viewOf(model, where.path);
  useEffect(() => {
    if (view.kind !== 'callback') return;
    finishSignIn(model.signIn, new URLSearchParams(location.search))
      .then((returnTo) => {
        setSession(currentSession());
        navigate(returnTo, true);
      })
      .catch((error: Error) => setProblem(error.message));
  }, [view.kind, model]);
  useEffect(() => {
    const titles: Record<string, string> = {
      home: 'Collections',
      list: 'List',
      record: 'Record',
      create: 'New record',
      edit: 'Edit',
    };
    const name = 'collection' in view ? ` ${view.collection.title}` : '';
    document.title = `${titles[view.kind] ?? 'Admin'}${name} · ${model.title} admin`;
  });
  const secured = model.signIn.issuer !== '';
  const scopes = secured ? session?.scopes : undefined;
  const start = () =>
    signIn(model.signIn, location.pathname + location.search).catch((error: Error) => setProblem(error.message));
  const leave = async () => {
    await signOut(model.signIn);
    setSession(undefined);
  };
  let main: JSX.Element;
  if (problem)
    main = (
      <p role="alert" class="problem">
        {problem}
      </p>
    );
  else if (view.kind === 'callback') main = <p role="status">Signing in…</p>;
  else if (secured && !session)
    main = (
      <section class="signin" aria-labelledby="signin-title">
        <h1 id="signin-title">Sign in</h1>
        <p>Sign in to see and change the records of {model.title}.</p>
        <button type="button" class="primary" onClick={start}>
          Sign in
        </button>
      </section>
    );
  else if (view.kind === 'home') main = <Home model={model} scopes={scopes} />;
  else if (view.kind === 'list')
    main = <ListView key={view.apiPath} model={model} view={view} search={where.search} scopes={scopes} />;
  else if (view.kind === 'record')
    main = <RecordView key={view.apiPath} model={model} view={view} search={where.search} scopes={scopes} />;
  else if (view.kind === 'create' || view.kind === 'edit')
    main = <FormView key={view.apiPath + view.kind} model={model} view={view} scopes={scopes} />;
  else main = <p role="alert">Nothing in the admin is at {view.kind === 'unknown' ? view.path : ''}.</p>;
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a href={model.adminPath} class="brand">
          {model.title} admin
        </a>
        {secured && session ? (
          <span class="who">
            Signed in{session.subject ? ` as ${session.subject}` : ''}
            <button type="button" onClick={leave}>
              Sign out
            </button>
          </span>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        {main}
      </main>
    </>
  );
}
