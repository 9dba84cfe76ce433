import type { AdminCollection, AdminModel, AdminVersion } from '../model-types.js';

/** What the address shows. */
export type View =
  | { readonly kind: 'home' }
  | { readonly kind: 'callback' }
  | { readonly kind: 'list'; readonly collection: AdminCollection; readonly apiPath: string }
  | { readonly kind: 'record'; readonly collection: AdminCollection; readonly apiPath: string; readonly id: string }
  | { readonly kind: 'create'; readonly collection: AdminCollection; readonly apiPath: string }
  | { readonly kind: 'edit'; readonly collection: AdminCollection; readonly apiPath: string; readonly id: string }
  | { readonly kind: 'unknown'; readonly path: string };

/** The version whose prefix an API path starts with. */
export function versionOf(model: AdminModel, apiPath: string): AdminVersion | undefined {
  return model.versions.find((version) => apiPath === version.prefix || apiPath.startsWith(`${version.prefix}/`));
}

/** The collection of a list (odd number of segments) or record (even) path of the API. */
function resource(model: AdminModel, apiPath: string) {
  const version = versionOf(model, apiPath);
  if (!version) return undefined;
  const segments = apiPath.slice(version.prefix.length).split('/').filter(Boolean).map(decodeURIComponent);
  if (segments.length === 0) return undefined;
  const isList = segments.length % 2 === 1;
  const name = isList ? segments[segments.length - 1] : segments[segments.length - 2];
  const collection = version.collections.find((c) => c.name === name);
  if (!collection) return undefined;
  return { collection, id: isList ? undefined : segments[segments.length - 1] };
}

/** The view of an admin path (the admin's own path taken off). */
export function viewOf(model: AdminModel, path: string): View {
  if (path === '' || path === '/') return { kind: 'home' };
  if (path === '/callback') return { kind: 'callback' };
  for (const [marker, kind] of [
    ['/_new', 'create'],
    ['/_edit', 'edit'],
  ] as const) {
    if (!path.startsWith(`${marker}/`)) continue;
    const apiPath = `${model.basePath}${path.slice(marker.length)}`;
    const found = resource(model, apiPath);
    if (found && kind === 'create' && found.id === undefined) return { kind, collection: found.collection, apiPath };
    if (found?.id !== undefined && kind === 'edit')
      return { kind, collection: found.collection, apiPath, id: found.id };
  }
  const apiPath = `${model.basePath}${path}`;
  const found = resource(model, apiPath);
  if (!found) return { kind: 'unknown', path };
  return found.id === undefined
    ? { kind: 'list', collection: found.collection, apiPath }
    : { kind: 'record', collection: found.collection, apiPath, id: found.id };
}

/** The admin address of an API href (`/v1/zoos/1` -> `/admin/v1/zoos/1`). */
export function adminHref(model: AdminModel, apiHref: string, marker = ''): string {
  const url = new URL(apiHref, location.origin);
  const path = url.pathname.startsWith(model.basePath) ? url.pathname.slice(model.basePath.length) : url.pathname;
  return `${model.adminPath}${marker}${path}${url.search}`;
}

/** The API address an admin address shows. */
export function apiHrefOf(model: AdminModel, adminPath: string): string {
  return `${model.basePath}${adminPath.slice(model.adminPath.length)}`;
}

/** Goes to an admin address without reloading the page. */
export function navigate(href: string, replace = false): void {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** The links of a record or page, by rel. */
export function linksOf(value: Record<string, unknown>): { rel: string; href: string }[] {
  return Array.isArray(value.links) ? (value.links as { rel: string; href: string }[]) : [];
}

/** Whether the person's scopes allow what a scope guards (no scope: anyone signed in). */
export const allowed = (scopes: readonly string[] | undefined, scope: string | undefined) =>
  scope === undefined || scopes === undefined || scopes.includes(scope);
