/** True when a `Prefer` header asks for `respond-async` (RFC 7240), among other preferences or alone. */
export function prefersRespondAsync(prefer: string | undefined): boolean {
  return prefer !== undefined && /(^|[,;\s])respond-async(\s*[,;]|\s*$)/i.test(prefer);
}
