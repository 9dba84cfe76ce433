import type { AdminModel } from '../../model-types.js';
import { allowed } from '../routes.js';

/** The collections the person may read, of the newest version. */
export function Home({ model, scopes }: { model: AdminModel; scopes: readonly string[] | undefined }) {
  const version = model.versions[model.versions.length - 1];
  const readable = (version?.collections ?? []).filter((c) => c.listPath && allowed(scopes, c.readScope));
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Collections</h1>
      {readable.length === 0 ? (
        <p>Your sign-in may read no collection of this API.</p>
      ) : (
        <ul class="collections">
          {readable.map((collection) => (
            <li key={collection.name}>
              <a href={`${model.adminPath}${collection.listPath!.slice(model.basePath.length)}`}>{collection.title}</a>
              {collection.searchable ? <span class="hint"> searchable</span> : null}
              {allowed(scopes, collection.writeScope) ? null : <span class="hint"> read only</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
