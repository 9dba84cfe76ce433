/**
 * A link object as it appears in response bodies. `title` and `type` are only set where the
 * client needs them to pick a target without following it first (the root document).
 */
export interface Link {
  /** How the target relates to the resource that carries the link, e.g. `self` or `nextPage`. */
  rel: string;
  /** Where the target lives: an absolute path (`/v1/zoos/7`) or an absolute URL. */
  href: string;
  /** Human-readable name of the target. */
  title?: string;
  /** Media type the target answers with. */
  type?: string;
}

/** The only format Corral produces, so every typed link carries it. */
export const jsonMediaType = 'application/json';

/** A link to the resource itself, `{ rel: 'self', href }`. */
export function selfLink(href: string): Link {
  return { rel: 'self', href };
}

/**
 * A link to a top-level collection, as the root document lists them. The relation names the
 * collection's address so that a client can tell collections apart by `rel` alone.
 *
 * @param prefix - Base path plus version, e.g. `/v1` or `/api/v1`; no trailing slash.
 * @param name - Collection name, e.g. `zoos`.
 * @param title - Human-readable name, e.g. `Zoos`.
 */
export function collectionLink(prefix: string, name: string, title: string): Link {
  const href = `${prefix}/${name}`;
  return { rel: `collection ${href}`, href, title, type: jsonMediaType };
}

// A scheme such as `https:` or `mailto:` marks a target that must not be re-based.
const hasScheme = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A link to a related resource, e.g. an employee's salary statements (`rel: 'salary'`).
 *
 * Relative targets are resolved against the version root, so callers write
 * `employees/1/salaryStatements` and the link follows a change of base path or version.
 * Targets that already start with `/` or a URL scheme are used unchanged.
 *
 * @param prefix - Base path plus version, e.g. `/v1`; no trailing slash.
 * @param rel - The relation name.
 * @param target - Path relative to the version root, absolute path, or absolute URL.
 * @param title - Optional human-readable name of the target.
 */
export function relatedLink(prefix: string, rel: string, target: string, title?: string): Link {
  const href = target.startsWith('/') || hasScheme.test(target) ? target : `${prefix}/${target}`;
  return title === undefined ? { rel, href } : { rel, href, title };
}
