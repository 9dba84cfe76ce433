/** `scheme://authority` at the start of an absolute-form request target (RFC 9112, section 3.2.2). */
const absoluteForm = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * The origin-form (`/path?query`) of a request target. A client may send the absolute form
 * (`GET http://host/v1/zoos`); only its path and query name the resource here, so that nothing
 * built from the path (a redirect's Location, above all) can point at the host the client named.
 */
export function originForm(target: string): string {
  if (target.startsWith('/')) return target;
  const authority = absoluteForm.exec(target);
  if (!authority) return target;
  const rest = target.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
